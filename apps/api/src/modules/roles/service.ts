import { copy } from "@shop/shared/copy";
import { holdsAll, isKnownPermission } from "@shop/shared/permissions";
import { paginationOf } from "@shop/shared/schemas/common";
import type { PermissionDto, RoleCreate, RoleDto, RoleUpdate } from "@shop/shared/schemas/roles";
import { asc, count, eq, ilike, sql } from "drizzle-orm";
import { invalidatePrincipals, type Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { permissions, rolePermissions, roles, users } from "../../db/schema/index.ts";
import {
  badRequest,
  conflict,
  forbidden,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from "../../lib/errors.ts";
import { escapeLike } from "../../lib/sql.ts";

// Drizzle leaves columns unqualified when a select reads one table, so the outer row is named in full.
const outerRoleId = sql.raw(`"roles"."id"`);

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  requireTwoFactor: roles.requireTwoFactor,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  permissions: sql<
    string[] | null
  >`(select array_agg(${rolePermissions.permission} order by ${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${outerRoleId})`,
  userCount: sql<number>`(select count(*)::int from ${users} where ${users.roleId} = ${outerRoleId})`,
};

type RoleRow = {
  id: string;
  name: string;
  description: string;
  requireTwoFactor: boolean;
  createdAt: Date;
  updatedAt: Date;
  permissions: string[] | null;
  userCount: number;
};

function toRoleDto(row: RoleRow): RoleDto {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    requireTwoFactor: row.requireTwoFactor,
    permissions: (row.permissions ?? []).map((name) => ({ name })),
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getRole(db: Db, id: string): Promise<RoleDto> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  if (!row) throw notFound(copy.roles.notFound);
  return toRoleDto(row);
}

export async function listRoles(db: Db, query: { page: number; limit: number; search?: string | undefined }) {
  const where = query.search ? ilike(roles.name, `%${escapeLike(query.search)}%`) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(asc(roles.name))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return {
    roles: rows.map(toRoleDto),
    pagination: { ...paginationOf(query.page, query.limit, total), totalRoles: total, rolesPerPage: query.limit },
  };
}

export async function listPermissions(db: Db, module?: string): Promise<PermissionDto[]> {
  const rows = await db
    .select()
    .from(permissions)
    .where(module ? eq(permissions.module, module) : undefined)
    .orderBy(asc(permissions.module), asc(permissions.name));
  return rows.map((row) => ({ _id: row.name, name: row.name, module: row.module, label: row.label }));
}

/** Unknown names are a client mistake; names the actor lacks are an attempt to escalate. */
function checkGrantable(actor: Principal, names: string[]): string[] {
  const unique = [...new Set(names)];
  const unknown = unique.find((name) => !isKnownPermission(name));
  if (unknown)
    throw badRequest(copy.roles.unknownPermission(unknown), { permissions: copy.roles.unknownPermission(unknown) });
  if (!holdsAll(actor, unique)) throw forbidden(copy.roles.cannotGrant);
  return unique;
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(copy.roles.nameTaken, { name: copy.roles.nameTaken });
  throw error;
}

export async function createRole(db: Db, actor: Principal, input: RoleCreate): Promise<RoleDto> {
  const names = checkGrantable(actor, input.permissions);
  const id = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({
          name: input.name,
          description: input.description ?? "",
          requireTwoFactor: input.requireTwoFactor ?? false,
        })
        .returning({ id: roles.id });
      if (!created) throw new Error("insert returned nothing");
      if (names.length > 0) {
        await tx.insert(rolePermissions).values(names.map((permission) => ({ roleId: created.id, permission })));
      }
      return created.id;
    })
    .catch(nameTaken);
  return getRole(db, id);
}

export type RoleChange = { before: RoleDto; after: RoleDto };

/** A role holding a permission the actor lacks is beyond their reach: to rename, reshape or delete. */
function assertWithinReach(actor: Principal, role: RoleDto): void {
  if (
    !holdsAll(
      actor,
      role.permissions.map(({ name }) => name),
    )
  )
    throw forbidden(copy.roles.cannotChangeBeyondOwn);
}

export async function updateRole(db: Db, actor: Principal, id: string, input: RoleUpdate): Promise<RoleChange> {
  const before = await getRole(db, id);
  assertWithinReach(actor, before);
  // The requirement binds the role's members: lifting it from one's own role would be escaping it.
  if (input.requireTwoFactor === false && before.requireTwoFactor && actor.roleId === id && !actor.isSuperAdmin) {
    throw forbidden(copy.roles.cannotLiftOwnTwoFactor);
  }
  const names = input.permissions ? checkGrantable(actor, input.permissions) : undefined;
  await db
    .transaction(async (tx) => {
      if (input.name !== undefined || input.description !== undefined || input.requireTwoFactor !== undefined) {
        await tx
          .update(roles)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.description !== undefined && { description: input.description }),
            ...(input.requireTwoFactor !== undefined && { requireTwoFactor: input.requireTwoFactor }),
            updatedAt: new Date(),
          })
          .where(eq(roles.id, id));
      }
      if (names) {
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
        if (names.length > 0) {
          await tx.insert(rolePermissions).values(names.map((permission) => ({ roleId: id, permission })));
        }
        await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, id));
      }
    })
    .catch(nameTaken);
  invalidatePrincipals(db);
  return { before, after: await getRole(db, id) };
}

export async function deleteRole(db: Db, actor: Principal, id: string): Promise<RoleDto> {
  const role = await getRole(db, id);
  assertWithinReach(actor, role);
  if (role.userCount > 0) throw conflict(copy.roles.inUse(role.userCount));
  try {
    await db.delete(roles).where(eq(roles.id, id));
  } catch (error) {
    // A user given the role between the count and the delete.
    if (isForeignKeyViolation(error)) throw conflict(copy.roles.inUse(1));
    throw error;
  }
  invalidatePrincipals(db);
  return role;
}
