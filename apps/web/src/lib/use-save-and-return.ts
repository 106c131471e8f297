import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useNavigate } from "react-router";
import { messageOf } from "./api-client";
import { applyServerFieldErrors } from "./form-errors";
import { useToast } from "./toasts";
import { useUnsavedChanges } from "./use-unsaved-changes";

type SaveAndReturnOptions<Values extends FieldValues> = {
  /** Unsaved changes: leaving asks first. */
  isDirty: boolean;
  setError: UseFormSetError<Values>;
  /** The fields a server error may name (a 409 on the slug, say). */
  fields: readonly Path<Values>[];
  /** Shown when a save fails without a message of its own ("Failed to create product"). */
  failureMessage: string;
  /** Where the form goes once saved: its list. */
  returnTo: string;
};

/**
 * What the create and edit pages share: save, then back to the list without the unsaved-changes
 * question; a failure lands under its field when the server names one, above the form otherwise,
 * and in a toast either way.
 */
export function useSaveAndReturn<Values extends FieldValues>({
  isDirty,
  setError,
  fields,
  failureMessage,
  returnTo,
}: SaveAndReturnOptions<Values>) {
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const { blocker, allowLeaving } = useUnsavedChanges(isDirty);

  /** `save` resolves false when there was nothing to save: the form stays. */
  const saveAndReturn = async (save: () => Promise<boolean>) => {
    setFailure(null);
    try {
      if (!(await save())) return;
      allowLeaving();
      await navigate(returnTo);
    } catch (error) {
      const placed = applyServerFieldErrors(error, setError, fields);
      const message = messageOf(error, failureMessage);
      if (!placed) setFailure(message);
      toast.error(message);
    }
  };

  return { failure, blocker, saveAndReturn };
}
