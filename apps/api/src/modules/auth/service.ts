import { copy } from "@shop/shared/copy";
import type { SecondFactorChallenge } from "@shop/shared/schemas/two-factor";
import type { LoginInput, LoginResult } from "@shop/shared/schemas/users";
import { and, eq, isNull, sql } from "drizzle-orm";
import { invalidatePrincipals } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { type FailureThrottle, TooManyAttempts } from "../../lib/failure-throttle.ts";
import { burnPasswordCheck, verifyPassword } from "../../lib/password.ts";
import type { TokenSigner } from "../../lib/tokens.ts";
import { getUser } from "../users/service.ts";
import { type LoginChallenges, passwordStamp } from "./login-challenge.ts";
import { secondFactorMethods, twoFactorSetupRequired } from "./second-factor-state.ts";

export type LoginContext = {
  db: Db;
  tokens: TokenSigner;
  throttle: FailureThrottle;
  tokenTtlMs: number;
  ipAddress: string;
  userAgent: string | undefined;
  /** Signs the proof of a right password for a user who has a second factor to give. */
  challenges: LoginChallenges;
};

/** A session's answer; `twoFactorSetupRequired` only when the role insists and the user has no factor yet. */
export type SignedIn = LoginResult & { twoFactorSetupRequired?: true };

/** Why a sign-in failed, for the activity log; the caller only ever hears the generic message. */
export class LoginFailure extends AppError {
  constructor(
    readonly userId: string | null,
    readonly reason: string,
  ) {
    super(401, copy.auth.invalidCredentials);
  }
}

/** A sign-in refused before its password was checked, and the account it named, for the summary row. */
export class LoginRefused extends TooManyAttempts {
  constructor(
    refusal: { retryAfter: number; blocked: string[] },
    readonly userId: string | null,
  ) {
    super(copy.auth.tooManyAttempts, refusal);
  }
}

/** An address the account has signed in from within this many days is its owner's, not an attacker's. */
const knownAddressDays = 90;

/**
 * Whether the user (the `users` row in scope) has signed in from this address lately. Spelled out:
 * drizzle leaves columns unqualified in a one-table select, which would bind to sessions.
 */
export const knownAddressOf = (ipAddress: string) => sql<boolean>`exists (
  select 1 from sessions as known where known.user_id = users.id and known.ip_address = ${ipAddress}
  and known.created_at > ${new Date(Date.now() - knownAddressDays * 86_400_000).toISOString()}::timestamptz)`;

/** The throttle's keys for an attempt on this account: the address, and the account unless the address is known. */
export const attemptKeys = (email: string, ipAddress: string, knownAddress: boolean) => [
  `ip:${ipAddress}`,
  ...(knownAddress ? [] : [`account:${email}`]),
];

/**
 * Every attempt is counted before the password is checked, against the client address and, unless
 * the account has signed in from that address before, against the account: an attack on an account
 * from elsewhere cannot lock its owner out of the places they sign in from, and no burst, however
 * parallel, gets more than the limit of password checks.
 */
export async function login(
  input: LoginInput,
  context: LoginContext,
): Promise<SignedIn | (SecondFactorChallenge & { userId: string })> {
  const { db, throttle, ipAddress } = context;
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      knownAddress: knownAddressOf(ipAddress),
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));

  const accountKey = `account:${input.email}`;
  const keys = attemptKeys(input.email, ipAddress, user?.knownAddress ?? false);
  const reservation = await throttle.reserve(keys);
  if (!reservation.granted) throw new LoginRefused(reservation, user?.id ?? null);

  // A failed attempt stays counted; a deactivated account's right password fails like a wrong one.
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new LoginFailure(null, "Unknown email");
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new LoginFailure(user.id, "Wrong password");
  if (!user.isActive) throw new LoginFailure(user.id, "Account deactivated");

  await throttle.release(reservation.attempt);
  // With a second factor to give, the password alone clears nothing: wrong codes stay counted
  // until a factor passes (second-factor.ts).
  const methods = await secondFactorMethods(db, user.id);
  if (methods.length > 0) {
    const challenge = await context.challenges.issue({
      userId: user.id,
      email: input.email,
      passwordStamp: passwordStamp(user.passwordHash),
    });
    return { twoFactorRequired: true, challenge, methods, userId: user.id };
  }
  // The right password from a new address clears the account's count, as before; the owner's known
  // address never touched it, so signing in there leaves a lock on strangers in place.
  if (!user.knownAddress) await throttle.reset(accountKey);
  const signedIn = await startSession(context, user.id, user.passwordHash);
  // The password was changed or the account deactivated while this one was being checked.
  if (!signedIn) throw new LoginFailure(user.id, "Password changed or account deactivated during sign-in");
  return signedIn;
}

/**
 * Opens a session for a user who has passed every factor: the token and user, as the spec's login
 * answers. Null when the account was deactivated meanwhile, or its password is no longer
 * `passwordHash` (the one the sign-in checked). The check and the insert are one transaction that
 * holds the user's row (FOR SHARE): a password change or deactivation waits for it and then revokes
 * the session it opened, or came first and the session is not opened. Without that, a sign-in that
 * read the old password before a change opened its session after the change had revoked the rest.
 */
export async function startSession(
  context: Pick<LoginContext, "db" | "tokens" | "tokenTtlMs" | "ipAddress" | "userAgent">,
  userId: string,
  passwordHash?: string,
): Promise<SignedIn | null> {
  const { db, ipAddress } = context;
  const expiresAt = new Date(Date.now() + context.tokenTtlMs);
  const session = await db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          eq(users.isActive, true),
          passwordHash === undefined ? undefined : eq(users.passwordHash, passwordHash),
        ),
      )
      .for("share");
    if (!holder) return undefined;
    const [opened] = await tx
      .insert(sessions)
      .values({ userId, expiresAt, ipAddress, userAgent: context.userAgent?.slice(0, 300) ?? null })
      .returning({ id: sessions.id });
    if (!opened) throw new Error("session insert returned nothing");
    return opened;
  });
  if (!session) return null;
  const token = await context.tokens.sign({ userId, sessionId: session.id }, expiresAt);
  const signedIn: SignedIn = { token, user: await getUser(db, userId) };
  if (await twoFactorSetupRequired(db, userId)) signedIn.twoFactorSetupRequired = true;
  return signedIn;
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  invalidatePrincipals(db);
}
