import { hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/**
 * The proof that a sign-in's password was right, carried to its second step. Signed with a key of
 * its own (derived from JWT_SECRET), so it can never pass as a session token nor a session token as
 * it; stateless, because it grants nothing alone: the second step still needs a factor, every wrong
 * one counts against the sign-in throttle, and each code is spent on use. Five minutes to answer.
 */
export type LoginChallenges = {
  issue(claims: ChallengeClaims): Promise<string>;
  /** The claims, or null for a tampered, expired or foreign token. */
  read(token: string): Promise<ChallengeClaims | null>;
};

export type ChallengeClaims = { userId: string; email: string };

const audience = "second-factor";
const issuer = "smart-home-shop";
const lifetimeSeconds = 5 * 60;

export function createLoginChallenges(secret: string): LoginChallenges {
  const key = new Uint8Array(hkdfSync("sha256", secret, "smart-home-shop", "login-challenge", 32));
  return {
    issue: ({ userId, email }) =>
      new SignJWT({ email })
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
        if (typeof payload.sub !== "string" || typeof payload.email !== "string") return null;
        return { userId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
