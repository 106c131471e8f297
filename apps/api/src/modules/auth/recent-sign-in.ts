import type { Reauth } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { eq } from "drizzle-orm";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { FailureThrottle } from "../../lib/failure-throttle.ts";
import { verifyCurrentPassword } from "../users/passwords.ts";

/**
 * How long after signing in a session may change its own factors without the password again: the
 * enrolment a role asks for comes right after the sign-in, and should not ask twice.
 */
export const recentSignInMs = 10 * 60_000;

/**
 * Before adding, replacing or removing a factor (or remaking recovery codes): a session signed in longer
 * ago must give the password. Otherwise a token left in a browser, or stolen from one, could add its own
 * passkey and keep a way in through every password change and reset. 403 with a `currentPassword` field
 * error when none was given, so the app knows to ask; 400 (or 429) when it is wrong.
 */
export async function assertRecentSignIn(
  db: Db,
  actor: Principal,
  body: Reauth,
  context: { throttle: FailureThrottle; ipAddress: string },
): Promise<void> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  if (session && Date.now() - session.createdAt.getTime() < recentSignInMs) return;
  if (body?.currentPassword === undefined) {
    throw new AppError(403, twoFactorCopy.api.confirmPassword, { currentPassword: twoFactorCopy.api.confirmPassword });
  }
  await verifyCurrentPassword(db, actor, body.currentPassword, context);
}
