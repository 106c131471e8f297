import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passkeys, rolePermissions, roles, sessions, users, userTotp } from "../../db/schema/index.ts";
import type { TokenClaims } from "../../lib/tokens.ts";

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
const caches = new WeakMap<Db, Map<string, { principal: Principal | null; until: number }>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export function invalidatePrincipals(db: Db): void {
  caches.get(db)?.clear();
}

export async function loadPrincipal(db: Db, claims: TokenClaims): Promise<Principal | null> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(claims.sessionId);
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
  if (cache.size > 10_000) cache.clear();
  cache.set(claims.sessionId, { principal, until: now + cacheTtlMs });
  return principal?.userId === claims.userId ? principal : null;
}
