import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts the server's field errors (a 409 "A user with this email already exists", say) under
 * the form's own fields. Returns whether any landed, so the caller knows if the message still
 * needs showing elsewhere.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (!message) continue;
    setError(field, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
