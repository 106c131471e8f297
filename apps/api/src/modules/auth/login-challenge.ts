import { createHash, hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/**
 * The proof that a sign-in's password was right, carried to its second step. Signed with a key of
 * its own (derived from JWT_SECRET), so it can never pass as a session token nor a session token as
 * it; stateless, because it grants nothing alone: the second step still needs a factor, every wrong
 * one counts against the sign-in throttle, and each code is spent on use. Five minutes to answer.
 * It carries a stamp of the password it proves, so a change or reset of that password meanwhile
 * voids it: a reset is how a person shuts out whoever held the old password.
 */
export type LoginChallenges = {
  issue(claims: ChallengeClaims): Promise<string>;
  /** The claims, or null for a tampered, expired or foreign token. */
  read(token: string): Promise<ChallengeClaims | null>;
};

export type ChallengeClaims = { userId: string; email: string; passwordStamp: string };

/** A digest of the stored password hash: it tells a changed password, and the hash itself never leaves. */
export function passwordStamp(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

const audience = "second-factor";
const issuer = "smart-home-shop";
const lifetimeSeconds = 5 * 60;

export function createLoginChallenges(secret: string): LoginChallenges {
  const key = new Uint8Array(hkdfSync("sha256", secret, "smart-home-shop", "login-challenge", 32));
  return {
    issue: ({ userId, email, passwordStamp }) =>
      new SignJWT({ email, pws: passwordStamp })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key),
    async read(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ["HS256"] });
        const { sub, email, pws } = payload;
        if (typeof sub !== "string" || typeof email !== "string" || typeof pws !== "string") return null;
        return { userId: sub, email, passwordStamp: pws };
      } catch {
        return null;
      }
    },
  };
}
