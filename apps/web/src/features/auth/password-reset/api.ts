import type { ForgotPasswordInput, ResetPasswordInput } from "@shop/shared/schemas/account";
import { api } from "@/lib/api-client";

/** POST /users/forgot-password: the same answer for every address. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return api.post<unknown>("/users/forgot-password", input, { skipSessionExpiry: true });
}

/** POST /users/reset-password: sets the password and signs every session of that user out. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post<unknown>("/users/reset-password", input, { skipSessionExpiry: true });
}
