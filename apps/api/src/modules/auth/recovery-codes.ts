import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recoveryCodes } from "../../db/schema/index.ts";

/** No 0/o, 1/l/i: a code read off paper is typed right. 31^10 ≈ 2^49 per code. */
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
const count = 10;

/** Codes are random and long, so a fast hash is enough: there is no dictionary to try. */
const hashOf = (code: string) => createHash("sha256").update(code).digest("base64url");

function newCode(): string {
  return Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** Replaces the user's recovery codes with 10 new ones, answered once, grouped 5-5 for reading. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: count }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  });
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** Marks a code used, in one conditional UPDATE, so it signs in once however parallel the tries. */
export async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
