import type { SecondFactorInput, WebauthnResponse } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { passwordStamp } from "./login-challenge.ts";
import { spendRecoveryCode } from "./recovery-codes.ts";
import type { SecretBox } from "./secret-box.ts";
import {
  attemptKeys,
  knownAddressOf,
  type LoginContext,
  LoginRefused,
  type SignedIn,
  startSession,
} from "./service.ts";
import { spendTotpCode } from "./totp.ts";

/** A wrong, spent or unverifiable factor; the reason is for the activity log only. */
export class SecondFactorFailure extends AppError {
  constructor(
    readonly userId: string,
    readonly reason: string,
  ) {
    super(401, twoFactorCopy.api.invalidCode);
  }
}

export type SecondFactorContext = LoginContext & {
  box: SecretBox;
  /** Checks a passkey's answer for this user's sign-in (passkeys.ts); true when it is theirs and fresh. */
  verifyPasskey: (userId: string, credential: WebauthnResponse) => Promise<boolean>;
};

/**
 * The second step of a sign-in: the challenge proves the password, the factor proves the rest.
 * Every try is counted against the sign-in throttle like a password (by address, and by account
 * from an address the account has not used), and only a passing factor takes its count back.
 */
export async function completeSecondFactor(
  input: SecondFactorInput,
  context: SecondFactorContext,
): Promise<SignedIn & { method: SecondFactorInput["method"] }> {
  const { db, throttle, ipAddress } = context;
  const claims = await context.challenges.read(input.challenge);
  if (!claims) throw unauthorized(twoFactorCopy.api.challengeExpired);
  const [user] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      passwordHash: users.passwordHash,
      knownAddress: knownAddressOf(ipAddress),
    })
    .from(users)
    .where(eq(users.id, claims.userId));
  // A password changed since the first step voids its challenge, as a deactivation does.
  if (!user?.isActive || passwordStamp(user.passwordHash) !== claims.passwordStamp) {
    throw unauthorized(twoFactorCopy.api.challengeExpired);
  }

  const reservation = await throttle.reserve(attemptKeys(claims.email, ipAddress, user.knownAddress));
  if (!reservation.granted) throw new LoginRefused(reservation, user.id);

  // The schema has checked that the method's code or credential is there.
  const code = input.code ?? "";
  const passed =
    input.method === "totp"
      ? await spendTotpCode(db, context.box, user.id, code)
      : input.method === "recovery"
        ? await spendRecoveryCode(db, user.id, code)
        : input.credential !== undefined && (await context.verifyPasskey(user.id, input.credential));
  if (!passed) throw new SecondFactorFailure(user.id, `Wrong or spent ${input.method} factor`);

  await throttle.release(reservation.attempt);
  if (!user.knownAddress) await throttle.reset(`account:${claims.email}`);
  const signedIn = await startSession(context, user.id, user.passwordHash);
  if (!signedIn) throw unauthorized(twoFactorCopy.api.challengeExpired);
  return { ...signedIn, method: input.method };
}
