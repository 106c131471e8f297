import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { accountCopy } from "@shop/shared/account-copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { invalidatePrincipals, type Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, sessions, users } from "../../db/schema/index.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { senderOf } from "../../mail/sender.ts";
import { getSettings } from "../settings/service.ts";
import { assertCanTouch, getUser } from "../users/service.ts";
import { knownAddressOf } from "./service.ts";

/** A link works for one hour, once. */
export const resetLinkTtlMs = 60 * 60_000;

/**
 * Every forgot-password answer takes at least this long, whether an email went into the outbox or
 * nobody has the address: the time says nothing about who has an account. Well above what the
 * lookup, the token and the outbox row take on a busy machine.
 */
export const forgotAnswerFloorMs = 300;

type MailApp = Pick<FastifyInstance, "db" | "outbox" | "mailFrom" | "publicUrl">;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Pads the time since `startedAt` (performance.now()) up to the floor. */
export async function padToFloor(startedAt: number, floorMs = forgotAnswerFloorMs): Promise<void> {
  const left = floorMs - (performance.now() - startedAt);
  if (left > 0) await sleep(left);
}

/**
 * Makes a token for the user and, in one transaction, keeps its hash and puts the email with the
 * link in the outbox. The token itself is only ever in the email.
 */
async function issueResetLink(
  app: MailApp,
  user: { id: string; name: string; email: string },
  requestedBy: string | null,
) {
  const token = randomBytes(32).toString("base64url");
  const link = `${app.publicUrl}/reset-password?token=${token}`;
  const settings = await getSettings(app.db);
  const expiresAt = new Date(Date.now() + resetLinkTtlMs);
  await app.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash: sha256(token), requestedBy, expiresAt });
    await enqueueMail(tx, {
      kind: "password-reset",
      to: user.email,
      // A retry after the link's hour would deliver a dead link.
      expiresAt,
      message: {
        from: senderOf(settings, app.mailFrom),
        subject: accountCopy.mail.subject,
        text: accountCopy.mail.text(user.name, link),
      },
    });
  });
  app.outbox.wake();
}

/**
 * Whether the account with this address has signed in from this network address lately
 * (knownAddressOf, the sign-in throttle's rule). Its reset requests from there then count apart from
 * everyone else's, so a stranger who spends the address's allowance does not lock the owner out. One
 * indexed lookup, made for every address alike; the answer's time floor covers it.
 */
export async function signedInFrom(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ known: knownAddressOf(ip) })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.known === true;
}

/**
 * The sign-in page's "Forgot password?": mails a link when a live account has the address, and
 * otherwise does nothing. Returns the user it mailed, for the activity log, or null.
 */
export async function requestPasswordReset(app: MailApp, email: string): Promise<{ id: string; email: string } | null> {
  const [user] = await app.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.isActive, true)));
  if (!user) return null;
  await issueResetLink(app, user, null);
  return user;
}

/** A user manager's "Send password reset link": the same email, for a user within their reach. */
export async function sendPasswordResetLink(app: MailApp, actor: Principal, userId: string): Promise<UserDto> {
  const user = await getUser(app.db, userId);
  assertCanTouch(actor, user);
  if (!user.isActive) throw conflict(accountCopy.manager.inactive);
  await issueResetLink(app, { id: user._id, name: user.name, email: user.email }, actor.userId);
  return user;
}

const liveToken = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/**
 * Sets the new password from a link and signs every session of the user out. The token is spent by
 * one conditional UPDATE, so of any number of parallel uses exactly one gets through; a deactivated
 * user's link is refused like a used one. Every other link the user still held is spent too.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<{ id: string; email: string }> {
  const tokenHash = sha256(token);
  // A cheap look first, so a wrong token never costs a password hash.
  const [candidate] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(liveToken(tokenHash));
  if (!candidate) throw badRequest(accountCopy.reset.invalid);
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(liveToken(tokenHash))
      .returning({ userId: passwordResetTokens.userId });
    // Thrown inside the transaction, so a refused reset leaves the link as it was.
    if (!claimed) throw badRequest(accountCopy.reset.invalid);
    const [changed] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, claimed.userId), eq(users.isActive, true)))
      .returning({ id: users.id, email: users.email });
    if (!changed) throw badRequest(accountCopy.reset.invalid);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, changed.id), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, changed.id), isNull(sessions.revokedAt)));
    return changed;
  });
  invalidatePrincipals(db);
  return user;
}
