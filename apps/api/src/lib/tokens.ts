import { jwtVerify, SignJWT } from "jose";

const issuer = "smart-home-shop";
const algorithm = "HS256";

export type TokenClaims = { userId: string; sessionId: string };

export type TokenSigner = {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** Resolves to the claims, or null for any bad token: wrong key, alg none, tampered, expired. */
  verify(token: string): Promise<TokenClaims | null>;
};

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: [algorithm] });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
