import { randomBytes } from "node:crypto";
import { allPermissions, permissionsOfModules, seedRoles } from "@shop/shared/permissions";
import { count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../../lib/password.ts";
import type { Db } from "../client.ts";
import { permissions, rolePermissions, roles, users } from "../schema/index.ts";

export type SeedOptions = {
  admin: { email: string; password: string | undefined; name: string };
  /** Called once with a generated password when ADMIN_PASSWORD was not given. */
  onGeneratedPassword?: (email: string, password: string) => void;
};

/**
 * Idempotent. The permission catalogue is upserted on every start (so new modules appear);
 * roles and the super admin are created only on an empty database.
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  const known = new Set((await db.select({ name: permissions.name }).from(permissions)).map((row) => row.name));
  await db
    .insert(permissions)
    .values(allPermissions.map(({ name, module, label }) => ({ name, module, label })))
    .onConflictDoUpdate({
      target: permissions.name,
      set: { module: sql`excluded.module`, label: sql`excluded.label` },
    });

  // A permission added by a newer release goes to the Administrator role, which holds them all.
  const added = allPermissions.filter((p) => !known.has(p.name));
  if (known.size > 0 && added.length > 0) {
    const [administrator] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "Administrator"));
    if (administrator) {
      await db
        .insert(rolePermissions)
        .values(added.map((p) => ({ roleId: administrator.id, permission: p.name })))
        .onConflictDoNothing();
    }
  }

  const [{ value: userCount } = { value: 0 }] = await db.select({ value: count() }).from(users);
  if (userCount > 0) return;

  await db.transaction(async (tx) => {
    for (const role of seedRoles) {
      const [created] = await tx
        .insert(roles)
        .values({ name: role.name, description: role.description })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      const roleId =
        created?.id ?? (await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name)))[0]?.id;
      const names = permissionsOfModules(role.modules);
      if (roleId && names.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(names.map((permission) => ({ roleId, permission })))
          .onConflictDoNothing();
      }
    }
    const [administrator] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "Administrator"));
    const password = options.admin.password ?? randomBytes(12).toString("base64url");
    await tx.insert(users).values({
      name: options.admin.name,
      email: options.admin.email,
      passwordHash: await hashPassword(password),
      roleId: administrator?.id ?? null,
      isSuperAdmin: true,
    });
    if (!options.admin.password) options.onGeneratedPassword?.(options.admin.email, password);
  });
}
