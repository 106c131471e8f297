import { accountCopy } from "@shop/shared/account-copy";
import type { SessionDto } from "@shop/shared/schemas/account";
import { describeUserAgent } from "@shop/shared/user-agent";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { invalidatePrincipals, type Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

const live = (userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The caller's live sessions, most recently used first. */
export async function listSessions(db: Db, principal: Principal): Promise<SessionDto[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(live(principal.userId))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    ipAddress: row.ipAddress,
    browser: describeUserAgent(row.userAgent),
    current: row.id === principal.sessionId,
  }));
}

/** Signs out one of the caller's other sessions; someone else's is "not found", like a made-up id. */
export async function revokeOwnSession(db: Db, principal: Principal, sessionId: string): Promise<void> {
  if (sessionId === principal.sessionId) throw badRequest(accountCopy.sessions.notCurrent);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), live(principal.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(accountCopy.sessions.notFound);
  invalidatePrincipals(db);
}

/** Signs out every session of the caller but this one; the number signed out. */
export async function revokeOtherSessions(db: Db, principal: Principal): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(live(principal.userId), ne(sessions.id, principal.sessionId)))
    .returning({ id: sessions.id });
  invalidatePrincipals(db);
  return ended.length;
}
