import { copy } from "@shop/shared/copy";
import type { PasswordChange } from "@shop/shared/schemas/users";
import { eq } from "drizzle-orm";
import type { Principal } from "../../core/principal.ts";
import type { RefusalSummary } from "../../core/refusal-summary.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/errors.ts";
import { type FailureThrottle, TooManyAttempts } from "../../lib/failure-throttle.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { revokeSessions } from "./service.ts";

/** A staff member's own password: checking it (under the sign-in throttle) and changing it. */

/**
 * The throttle every password check goes through (sign-in, second steps, a current-password check), and
 * the summary of what it refuses. Here beside the staff directory, which the auth module reads.
 */
export type PasswordAttempts = { throttle: FailureThrottle; refusals: RefusalSummary };

/** The throttle's key for a person's current-password checks. */
export const passwordCheckKey = (userId: string) => `password:${userId}`;

/**
 * The signed-in person's password, checked under the sign-in throttle (per person and per address), so a
 * stolen session cannot guess it faster than sign-in could. Throws 400 (or 429) when it is not theirs.
 */
export async function verifyCurrentPassword(
  db: Db,
  actor: Principal,
  currentPassword: string,
  context: { throttle: FailureThrottle; ipAddress: string },
): Promise<void> {
  const { throttle } = context;
  const reservation = await throttle.reserve([`ip:${context.ipAddress}`, passwordCheckKey(actor.userId)]);
  if (!reservation.granted) throw new TooManyAttempts(copy.users.tooManyPasswordAttempts, reservation);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    throw badRequest(copy.users.wrongCurrentPassword, { currentPassword: copy.users.wrongCurrentPassword });
  }
  await throttle.release(reservation.attempt);
  await throttle.reset(passwordCheckKey(actor.userId));
}

/** Needs the current password (verifyCurrentPassword); every other session of the person is signed out, this one stays. */
export async function changePassword(
  db: Db,
  actor: Principal,
  input: PasswordChange,
  context: { throttle: FailureThrottle; ipAddress: string },
): Promise<void> {
  await verifyCurrentPassword(db, actor, input.currentPassword, context);
  if (input.currentPassword === input.newPassword) {
    throw badRequest(copy.users.samePassword, { newPassword: copy.users.samePassword });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, actor.userId));
  await revokeSessions(db, actor.userId, actor.sessionId);
}
