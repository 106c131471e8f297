import { jwtVerify, SignJWT } from "jose";

const issuer = "smart-home-shop";
const algorithm = "HS256";

export type TokenClaims = { userId: string; sessionId: string };

export type TokenSigner = {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** Resolves to the claims, or null for any bad token: wrong key, alg none, tampered, expired. */
  verify(token: string): Promise<TokenClaims | null>;
};

/** Tokens this process verified itself, so a busy client costs a map lookup rather than an HMAC. */
const verifiedLimit = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: algorithm, typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: [algorithm] });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") {
          return null;
        }
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (verified.size >= verifiedLimit) verified.clear();
        verified.set(token, { ...claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
