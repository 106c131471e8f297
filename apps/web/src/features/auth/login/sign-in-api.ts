import type {
  PasswordAnswer,
  SecondFactorInput,
  SignedInAnswer,
  WebauthnResponse,
} from "@shop/shared/schemas/two-factor";
import type { LoginInput } from "@shop/shared/schemas/users";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/lib/api-client";

// A 401 on any sign-in step is an answer (wrong password or code), not an expired session.
const answer = { skipSessionExpiry: true } as const;

/** POST /users/login: a session, or a challenge for the second step. */
export function passwordSignIn(credentials: LoginInput) {
  return api.post<PasswordAnswer>("/users/login", credentials, answer);
}

/** POST /users/login/second-factor: the challenge and a code, recovery code or passkey. */
export function secondFactorSignIn(input: SecondFactorInput) {
  return api.post<SignedInAnswer>("/users/login/second-factor", input, answer);
}

/** A passkey prompt's options: for this sign-in's second step, or (no challenge) for a passwordless one. */
export async function passkeySignInOptions(challenge?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const body = challenge ? { challenge } : {};
  return (await api.post<PublicKeyCredentialRequestOptionsJSON>("/users/login/passkey/options", body, answer)).data;
}

/** POST /users/login/passkey: "Use a passkey", no password. */
export function passkeySignIn(credential: WebauthnResponse) {
  return api.post<SignedInAnswer>("/users/login/passkey", { credential }, answer);
}
