import { copy } from "@shop/shared/copy";
import type { LoginInput, LoginResult } from "@shop/shared/schemas/users";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { type FailureThrottle, TooManyAttempts } from "../../lib/failure-throttle.ts";
import { burnPasswordCheck, verifyPassword } from "../../lib/password.ts";
import type { TokenSigner } from "../../lib/tokens.ts";
import type { RefusalSummary } from "../activity-logs/refusal-summary.ts";
import { getUser } from "../users/service.ts";
import { invalidatePrincipals } from "./principal.ts";

/** The throttle every password check goes through, and the summary of what it refuses. */
export type PasswordAttempts = { throttle: FailureThrottle; refusals: RefusalSummary };

export type LoginContext = {
  db: Db;
  tokens: TokenSigner;
  throttle: FailureThrottle;
  tokenTtlMs: number;
  ipAddress: string;
  userAgent: string | undefined;
};

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
 * Every attempt is counted before the password is checked, against the client address and, unless
 * the account has signed in from that address before, against the account: an attack on an account
 * from elsewhere cannot lock its owner out of the places they sign in from, and no burst, however
 * parallel, gets more than the limit of password checks.
 */
export async function login(input: LoginInput, context: LoginContext): Promise<LoginResult> {
  const { db, throttle, ipAddress } = context;
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      // Spelled out: drizzle leaves columns unqualified in a one-table select, which would bind to sessions.
      knownAddress: sql<boolean>`exists (
        select 1 from sessions as known where known.user_id = users.id and known.ip_address = ${ipAddress}
        and known.created_at > ${new Date(Date.now() - knownAddressDays * 86_400_000).toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));

  const accountKey = `account:${input.email}`;
  const keys = [`ip:${ipAddress}`, ...(user?.knownAddress ? [] : [accountKey])];
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
  // The right password from a new address clears the account's count, as before; the owner's known
  // address never touched it, so signing in there leaves a lock on strangers in place.
  if (!user.knownAddress) await throttle.reset(accountKey);
  const expiresAt = new Date(Date.now() + context.tokenTtlMs);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      expiresAt,
      ipAddress,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error("session insert returned nothing");
  const token = await context.tokens.sign({ userId: user.id, sessionId: session.id }, expiresAt);
  return { token, user: await getUser(db, user.id) };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  invalidatePrincipals(db);
}
