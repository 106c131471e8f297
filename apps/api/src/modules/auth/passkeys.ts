import type { PasskeyDto, PasskeyRegister, WebauthnResponse } from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt, isNull, lt, type SQL } from "drizzle-orm";
import { invalidatePrincipals } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { passkeys, webauthnChallenges } from "../../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";

/** The relying party is the shop as PUBLIC_URL names it: a passkey made for one host never signs in to another. */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: twoFactorCopy.api.issuer };
}

type Purpose = "register" | "sign-in" | "second-factor";
const challengeTtlMs = 5 * 60_000;

/**
 * Challenges live in the database, so whichever instance answers the browser can check them; each
 * is taken with DELETE … RETURNING, so it is used at most once even by two parallel answers.
 */
async function keepChallenge(db: Db, challenge: string, purpose: Purpose, userId: string | null): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + challengeTtlMs) });
}

function challengeTaker(db: Db, purpose: Purpose, userId: string | null) {
  return async (challenge: string): Promise<boolean> => {
    const owner: SQL | undefined = userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId);
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, new Date()),
          owner,
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length === 1;
  };
}

const credentialsOf = (db: Db, userId: string) =>
  db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));

export async function registrationOptions(db: Db, rp: RelyingParty, user: { userId: string; email: string }) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.userId),
    excludeCredentials: await credentialsOf(db, user.userId),
    // Discoverable, so "Use a passkey" on the sign-in page can find it without an email.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(db, options.challenge, "register", user.userId);
  return options;
}

const toDto = (row: typeof passkeys.$inferSelect): PasskeyDto => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  userId: string,
  input: PasskeyRegister,
): Promise<PasskeyDto> {
  const verification = await verifyRegistrationResponse({
    response: { ...input.credential, response: { attestationObject: "", ...input.credential.response } },
    expectedChallenge: challengeTaker(db, "register", userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(twoFactorCopy.api.passkeyRefused);
  const { credential } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      name: input.name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(twoFactorCopy.api.passkeyRefused);
  invalidatePrincipals(db);
  return toDto(row);
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw notFound(twoFactorCopy.api.passkeyNotFound);
  invalidatePrincipals(db);
}

/** A passkey prompt: for a known user's second factor, or (no user) for any discoverable passkey. */
export async function authenticationOptions(db: Db, rp: RelyingParty, userId: string | null) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: userId ? await credentialsOf(db, userId) : [],
    userVerification: userId ? "preferred" : "required",
  });
  await keepChallenge(db, options.challenge, userId ? "second-factor" : "sign-in", userId);
  return options;
}

/**
 * Checks a passkey's answer against the challenge handed out for it and the stored public key; on
 * success moves the signature counter on and answers the owner's id. A passwordless sign-in needs the
 * authenticator to have verified the user (PIN, fingerprint): the passkey is then both factors.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  response: WebauthnResponse,
  userId: string | null,
): Promise<string | null> {
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(
      userId
        ? and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId))
        : eq(passkeys.credentialId, response.id),
    );
  if (!stored) return null;
  const verification = await verifyAuthenticationResponse({
    response: {
      ...response,
      response: { authenticatorData: "", signature: "", ...response.response },
    },
    expectedChallenge: challengeTaker(db, userId ? "second-factor" : "sign-in", userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.credentialId,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: userId === null,
  }).catch(() => null);
  if (!verification?.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, stored.id));
  return stored.userId;
}
