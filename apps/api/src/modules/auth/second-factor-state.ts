import type { SecondFactorMethod, TwoFactorStatus } from "@shop/shared/schemas/two-factor";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { invalidatePrincipals } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { passkeys, recoveryCodes, roles, users, userTotp } from "../../db/schema/index.ts";
import { recoveryCodesLeft } from "./recovery-codes.ts";

/** What a user can give as a second factor; recovery codes count only beside a real factor. */
export async function secondFactorMethods(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.secret} is not null)`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
      recovery: sql<boolean>`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !(row.totp || row.passkey)) return [];
  return [
    ...(row.totp ? ["totp" as const] : []),
    ...(row.passkey ? ["passkey" as const] : []),
    ...(row.recovery ? ["recovery" as const] : []),
  ];
}

/** The user's role insists on a second factor and they have none yet. */
export async function twoFactorSetupRequired(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ required: roles.requireTwoFactor })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return Boolean(row?.required) && (await secondFactorMethods(db, userId)).length === 0;
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const [totp] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.secret)));
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  const [role] = await db
    .select({ required: roles.requireTwoFactor })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return {
    totp: Boolean(totp),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
    passkeys: keys.map((key) => ({
      _id: key.id,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    required: Boolean(role?.required),
  };
}

/**
 * Removes every second factor of a user (a user manager's reset, or the last factor removed): the
 * next sign-in is by password alone, or to enrolment if the role insists.
 */
export async function removeSecondFactors(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  });
  invalidatePrincipals(db);
}
