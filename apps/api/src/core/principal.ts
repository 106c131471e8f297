import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { passkeys, rolePermissions, roles, sessions, users, userTotp } from "../db/schema/index.ts";
import type { TokenClaims } from "../lib/tokens.ts";

/**
 * The signed-in caller behind a request's session: resolved by the auth plugin on every request, and
 * forgotten by every module that changes who may do what (users, roles, sessions, second factors).
 */
export type Principal = {
  userId: string;
  sessionId: string;
  name: string;
  email: string;
  isSuperAdmin: boolean;
  roleId: string | null;
  permissions: string[];
  /** The role requires a second factor and the user has none: only enrolment is open (plugins/auth.ts). */
  twoFactorSetupRequired: boolean;
};

/**
 * A short cache of resolved sessions keeps the per-request cost at one map lookup.
 * Every change to a user, a role or a session clears it, so revocation still acts on the next request.
 */
const cacheTtlMs = 5_000;
type Cache = { entries: Map<string, { principal: Principal | null; until: number }>; generation: number };
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Forgets every resolved session. A lookup already on its way read the database before the change:
 * the new generation tells it not to store what it read.
 */
export function invalidatePrincipals(db: Db): void {
  const cache = cacheOf(db);
  cache.entries.clear();
  cache.generation += 1;
}

export async function loadPrincipal(db: Db, claims: TokenClaims): Promise<Principal | null> {
  const cache = cacheOf(db);
  const { entries, generation } = cache;
  const now = Date.now();
  const hit = entries.get(claims.sessionId);
  if (hit && hit.until > now) return hit.principal?.userId === claims.userId ? hit.principal : null;

  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      isSuperAdmin: users.isSuperAdmin,
      roleId: users.roleId,
      permissions: sql<
        string[]
      >`coalesce((select array_agg(${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId}), '{}')`,
      twoFactorSetupRequired: sql<boolean>`coalesce((select ${roles.requireTwoFactor} from ${roles} where ${roles.id} = ${users.roleId}), false)
        and not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.secret} is not null)
        and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        eq(users.isActive, true),
      ),
    );
  const principal: Principal | null = row ? { ...row, sessionId: claims.sessionId } : null;
  if (cache.generation === generation) {
    if (entries.size > 10_000) entries.clear();
    entries.set(claims.sessionId, { principal, until: now + cacheTtlMs });
  }
  return principal?.userId === claims.userId ? principal : null;
}

const seenEveryMs = 60_000;
/** When this process last wrote each session's last_seen_at, so most requests write nothing. */
const lastWrites = new WeakMap<Db, Map<string, number>>();

/**
 * Records that a session was used, at most once a minute per session: skipped in memory within the
 * minute, and the UPDATE's condition keeps several instances to about the same.
 */
export async function noteSessionSeen(db: Db, sessionId: string): Promise<void> {
  const now = Date.now();
  let written = lastWrites.get(db);
  if (!written) {
    written = new Map();
    lastWrites.set(db, written);
  }
  const last = written.get(sessionId);
  if (last !== undefined && now - last < seenEveryMs) return;
  if (written.size > 10_000) written.clear();
  written.set(sessionId, now);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(
      and(
        eq(sessions.id, sessionId),
        or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(now - seenEveryMs))),
      ),
    );
}
