import { copy } from "@shop/shared/copy";
import type { LoginInput, LoginResult } from "@shop/shared/schemas/users";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { FailureThrottle } from "../../lib/failure-throttle.ts";
import { burnPasswordCheck, verifyPassword } from "../../lib/password.ts";
import type { TokenSigner } from "../../lib/tokens.ts";
import { getUser } from "../users/service.ts";
import { invalidatePrincipals } from "./principal.ts";

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
    statusCode: number,
    message: string,
    readonly userId: string | null,
    readonly reason: string,
    headers?: Record<string, string>,
  ) {
    super(statusCode, message, undefined, headers);
  }
}

export async function login(input: LoginInput, context: LoginContext): Promise<LoginResult> {
  const { db, throttle } = context;
  const keys = [`ip:${context.ipAddress}`, `account:${input.email}`];
  const waits = await Promise.all(keys.map((key) => throttle.blockedFor(key)));
  const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
  if (wait > 0) {
    throw new LoginFailure(429, copy.auth.tooManyAttempts, null, "Too many failed attempts", {
      "retry-after": String(wait),
    });
  }

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));

  const fail = async (userId: string | null, reason: string) => {
    await Promise.all(keys.map((key) => throttle.recordFailure(key)));
    return new LoginFailure(401, copy.auth.invalidCredentials, userId, reason);
  };
  if (!user) {
    await burnPasswordCheck(input.password);
    throw await fail(null, "Unknown email");
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw await fail(user.id, "Wrong password");
  if (!user.isActive) throw new LoginFailure(403, copy.auth.deactivated, user.id, "Account deactivated");

  await throttle.reset(`account:${input.email}`);
  const expiresAt = new Date(Date.now() + context.tokenTtlMs);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      expiresAt,
      ipAddress: context.ipAddress,
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
