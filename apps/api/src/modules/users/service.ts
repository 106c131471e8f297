import { copy } from "@shop/shared/copy";
import { hasPermission, holdsAll } from "@shop/shared/permissions";
import { paginationOf } from "@shop/shared/schemas/common";
import type { ProfileUpdate, UserCreate, UserDto, UserListQuery, UserUpdate } from "@shop/shared/schemas/users";
import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { invalidatePrincipals, type Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, rolePermissions, roles, sessions, users } from "../../db/schema/index.ts";
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { escapeLike } from "../../lib/sql.ts";

const rolePermissionNames = sql<
  string[] | null
>`(select array_agg(${rolePermissions.permission} order by ${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  isSuperAdmin: users.isSuperAdmin,
  isActive: users.isActive,
  notifyEnquiries: users.notifyEnquiries,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  roleId: roles.id,
  roleName: roles.name,
  rolePermissions: rolePermissionNames,
};

type UserRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  isSuperAdmin: boolean;
  isActive: boolean;
  notifyEnquiries: boolean;
  createdAt: Date;
  updatedAt: Date;
  roleId: string | null;
  roleName: string | null;
  rolePermissions: string[] | null;
};

function toUserDto(row: UserRow): UserDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isSuperAdmin: row.isSuperAdmin,
    isActive: row.isActive,
    notifyEnquiries: row.notifyEnquiries,
    role:
      row.roleId && row.roleName
        ? { _id: row.roleId, name: row.roleName, permissions: (row.rolePermissions ?? []).map((name) => ({ name })) }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectUsers(db: Db) {
  return db.select(userColumns).from(users).leftJoin(roles, eq(roles.id, users.roleId));
}

export async function findUser(db: Db, id: string): Promise<UserDto | null> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row ? toUserDto(row) : null;
}

export async function getUser(db: Db, id: string): Promise<UserDto> {
  const user = await findUser(db, id);
  if (!user) throw notFound(copy.users.notFound);
  return user;
}

const sortColumns = { createdAt: users.createdAt, name: users.name, email: users.email } as const;

export async function listUsers(db: Db, query: UserListQuery) {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
    if (match) filters.push(match);
  }
  if (query.role) filters.push(eq(users.roleId, query.role));
  if (query.isActive !== undefined) filters.push(eq(users.isActive, query.isActive));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const order = query.sortOrder === "asc" ? asc : desc;

  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(order(sortColumns[query.sortBy]), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(toUserDto),
    pagination: { ...paginationOf(query.page, query.limit, total), totalUsers: total, usersPerPage: query.limit },
  };
}

/** Nobody hands out more than they hold: the role's permissions must all be the actor's own. */
async function assertCanAssignRole(db: Db, actor: Principal, roleId: string): Promise<void> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw badRequest(copy.roles.notFound, { role: copy.roles.notFound });
  if (actor.isSuperAdmin) return;
  const granted = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  if (
    !holdsAll(
      actor,
      granted.map(({ permission }) => permission),
    )
  )
    throw forbidden(copy.roles.cannotGrant);
}

/** Only a super admin changes a super admin, or a user whose role holds a permission the actor lacks. */
export function assertCanTouch(actor: Principal, target: UserDto): void {
  if (target.isSuperAdmin && !actor.isSuperAdmin) throw forbidden(copy.auth.forbidden);
  if (!holdsAll(actor, target.role?.permissions.map(({ name }) => name) ?? [])) {
    throw forbidden(copy.users.cannotManageBeyondOwn);
  }
}

export async function createUser(db: Db, actor: Principal, input: UserCreate): Promise<UserDto> {
  if (input.isSuperAdmin && !actor.isSuperAdmin) throw forbidden(copy.users.onlySuperAdminCreatesSuperAdmin);
  await assertCanAssignRole(db, actor, input.role);
  try {
    const [created] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        roleId: input.role,
        passwordHash: await hashPassword(input.password),
        isSuperAdmin: input.isSuperAdmin ?? false,
      })
      .returning({ id: users.id });
    if (!created) throw new Error("insert returned nothing");
    return getUser(db, created.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(copy.users.emailTaken, { email: copy.users.emailTaken });
    throw error;
  }
}

/**
 * Inside the transaction that deactivates or demotes an active super admin: another must stay active.
 * Such changes take turns (a transaction lock), or two super admins removing each other at once would
 * each count the other as still active, and both go.
 */
async function assertAnotherSuperAdminStays(tx: Db, targetId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users:active-super-admins'))`);
  const [row] = await tx
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), eq(users.isActive, true), ne(users.id, targetId)));
  if ((row?.total ?? 0) === 0) throw conflict(copy.users.lastSuperAdmin);
}

/**
 * Signs the user out everywhere (but the session given): their tokens stop working on the very next
 * request. Their unused reset links are spent too: a link mailed before a password change or a
 * deactivation would otherwise set a password for whoever still holds it, for up to an hour.
 */
export async function revokeSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(...conditions));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  });
  invalidatePrincipals(db);
}

export type UserChange = { before: UserDto; after: UserDto };

export async function updateUser(db: Db, actor: Principal, id: string, input: UserUpdate): Promise<UserChange> {
  const before = await getUser(db, id);
  assertCanTouch(actor, before);
  // Whatever the route, switching someone on or off is the deactivate permission's to give.
  if (input.isActive !== undefined && input.isActive !== before.isActive) {
    if (!hasPermission(actor, "user:deactivate-user")) throw forbidden(copy.users.cannotChangeStatus);
  }
  if (input.isSuperAdmin !== undefined && input.isSuperAdmin !== before.isSuperAdmin) {
    if (!actor.isSuperAdmin) throw forbidden(copy.users.onlySuperAdminCreatesSuperAdmin);
    if (!input.isSuperAdmin && id === actor.userId) throw forbidden(copy.users.cannotDeactivateSelf);
  }
  if (input.role !== undefined && input.role !== before.role?._id) {
    // Moving oneself to another role would leave one's own role's rules (a two-factor requirement) behind.
    if (id === actor.userId && !actor.isSuperAdmin) throw forbidden(copy.users.cannotChangeOwnRole);
    await assertCanAssignRole(db, actor, input.role);
  }
  if (input.isActive === false && before.isActive && id === actor.userId) {
    throw forbidden(copy.users.cannotDeactivateSelf);
  }
  const removesActiveSuperAdmin =
    before.isSuperAdmin && before.isActive && (input.isActive === false || input.isSuperAdmin === false);

  await db.transaction(async (tx) => {
    if (removesActiveSuperAdmin) await assertAnotherSuperAdminStays(tx, id);
    await tx
      .update(users)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.role !== undefined && { roleId: input.role }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(input.isSuperAdmin !== undefined && { isSuperAdmin: input.isSuperAdmin }),
      })
      .where(eq(users.id, id));
  });
  if (input.isActive === false && before.isActive) await revokeSessions(db, id);
  else invalidatePrincipals(db);
  return { before, after: await getUser(db, id) };
}

export async function setUserActive(db: Db, actor: Principal, id: string, isActive: boolean): Promise<UserChange> {
  return updateUser(db, actor, id, { isActive });
}

/** A person's own name and phone; nothing that grants anything. */
export async function updateProfile(db: Db, actor: Principal, input: ProfileUpdate): Promise<UserChange> {
  const before = await getUser(db, actor.userId);
  // Enquiry emails show who wrote and what: only for people who may read contacts anyway.
  if (input.notifyEnquiries && !hasPermission(actor, "contact:view-contacts")) {
    throw forbidden(copy.users.notifyEnquiriesNotAllowed);
  }
  await db
    .update(users)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(input.notifyEnquiries !== undefined && { notifyEnquiries: input.notifyEnquiries }),
    })
    .where(eq(users.id, actor.userId));
  invalidatePrincipals(db);
  return { before, after: await getUser(db, actor.userId) };
}
