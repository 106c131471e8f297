import type { RecoveryCodes, TotpSetup } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { eq } from "drizzle-orm";
import { invalidatePrincipals, type Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { userTotp } from "../../db/schema/index.ts";
import { conflict } from "../../lib/errors.ts";
import { removePasskey } from "./passkeys.ts";
import { replaceRecoveryCodes } from "./recovery-codes.ts";
import { removeSecondFactors, secondFactorMethods, twoFactorStatus } from "./second-factor-state.ts";
import type { SecretBox } from "./secret-box.ts";
import { confirmTotpSetup, startTotpSetup } from "./totp.ts";

/** A user's own second factors, from the profile page (or the enrolment a role requires). */

export function beginTotp(db: Db, box: SecretBox, principal: Principal): Promise<TotpSetup> {
  return startTotpSetup(db, box, principal.userId, principal.email);
}

/** Turns the app on; the first factor also brings the recovery codes, shown this once. */
export async function confirmTotp(db: Db, box: SecretBox, principal: Principal, code: string): Promise<RecoveryCodes> {
  const hadFactor = (await secondFactorMethods(db, principal.userId)).length > 0;
  await confirmTotpSetup(db, box, principal.userId, code);
  invalidatePrincipals(db);
  const status = await twoFactorStatus(db, principal.userId);
  // Re-enrolling an app keeps codes the user already saved.
  const recoveryCodes =
    hadFactor && status.recoveryCodesLeft > 0 ? [] : await replaceRecoveryCodes(db, principal.userId);
  return { recoveryCodes };
}

/** A role that requires two-factor keeps its users' last factor. */
export async function assertMayRemoveFactor(db: Db, userId: string, remaining: number): Promise<void> {
  if (remaining > 0) return;
  const status = await twoFactorStatus(db, userId);
  if (status.required) throw conflict(twoFactorCopy.api.requiredByRole);
}

export async function disableTotp(db: Db, principal: Principal): Promise<void> {
  const status = await twoFactorStatus(db, principal.userId);
  await assertMayRemoveFactor(db, principal.userId, status.passkeys.length);
  // With no factor left, the recovery codes go too: they are a way back to a factor, not one.
  if (status.passkeys.length === 0) return removeSecondFactors(db, principal.userId);
  await db.delete(userTotp).where(eq(userTotp.userId, principal.userId));
  invalidatePrincipals(db);
}

export async function regenerateRecoveryCodes(db: Db, principal: Principal): Promise<RecoveryCodes> {
  if ((await secondFactorMethods(db, principal.userId)).length === 0) {
    throw conflict(twoFactorCopy.api.recoveryNeedsFactor);
  }
  return { recoveryCodes: await replaceRecoveryCodes(db, principal.userId) };
}

/** Removes one of the user's passkeys; with no factor left, the recovery codes go too. */
export async function deletePasskey(db: Db, principal: Principal, id: string): Promise<void> {
  const status = await twoFactorStatus(db, principal.userId);
  const others = status.passkeys.filter((passkey) => passkey._id !== id).length + (status.totp ? 1 : 0);
  await assertMayRemoveFactor(db, principal.userId, others);
  await removePasskey(db, principal.userId, id);
  if (others === 0) await removeSecondFactors(db, principal.userId);
}
