import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { ApiError } from "@/lib/api-client";

/** The server's refusal, or — for a cancelled or failed browser prompt — an invitation to try again. */
export function passkeyProblem(error: unknown): string {
  return error instanceof ApiError ? error.message : twoFactorCopy.ui.passkeyCancelled;
}
