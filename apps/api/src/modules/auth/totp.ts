import type { TotpSetup } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Db } from "../../db/client.ts";
import { userTotp } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/errors.ts";
import type { SecretBox } from "./secret-box.ts";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s, one step either side. */
const period = 30;
const window = 1;

function totpOf(secret: string, label = "") {
  return new TOTP({ issuer: twoFactorCopy.api.issuer, label, secret: Secret.fromBase32(secret), period, digits: 6 });
}

/** The time step a code belongs to, or null if it matches none within ±1 step of now. */
function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Starts (or restarts) enrolment: a new key waits beside any working one until a first code
 * confirms it, so a mis-scan never changes how the user signs in.
 */
export async function startTotpSetup(db: Db, box: SecretBox, userId: string, email: string): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const pendingSecret = box.seal(secret);
  await db
    .insert(userTotp)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret } });
  return { secret, uri: totpOf(secret, email).toString() };
}

/**
 * Confirms the pending key with a code from it; the code's step is spent, so it cannot also sign in.
 * Answers false when there is no pending key or the code does not match it.
 */
export async function confirmTotpSetup(db: Db, box: SecretBox, userId: string, code: string): Promise<void> {
  const [row] = await db
    .select({ pendingSecret: userTotp.pendingSecret })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  const secret = row?.pendingSecret ? box.open(row.pendingSecret) : null;
  if (!row?.pendingSecret || !secret) throw badRequest(twoFactorCopy.api.noTotpSetup);
  const step = stepOf(secret, code);
  if (step === null) throw badRequest(twoFactorCopy.api.invalidCode, { code: twoFactorCopy.api.invalidCode });
  const [confirmed] = await db
    .update(userTotp)
    .set({ secret: row.pendingSecret, pendingSecret: null, lastUsedStep: step, confirmedAt: new Date() })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.pendingSecret, row.pendingSecret)))
    .returning({ userId: userTotp.userId });
  if (!confirmed) throw badRequest(twoFactorCopy.api.noTotpSetup);
}

/**
 * Accepts a sign-in code once. The step is written only if it is later than the last one used, in
 * one conditional UPDATE: of two requests with the same code, however parallel, one changes the row
 * and the other finds it already at that step.
 */
export async function spendTotpCode(db: Db, box: SecretBox, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: userTotp.secret })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.secret)));
  const secret = row?.secret ? box.open(row.secret) : null;
  if (!secret) return false;
  const step = stepOf(secret, code);
  if (step === null) return false;
  const spent = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.secret),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return spent.length === 1;
}
