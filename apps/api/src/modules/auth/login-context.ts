import type { FastifyRequest } from "fastify";
import type { PasswordAttempts } from "../users/passwords.ts";
import type { LoginChallenges } from "./login-challenge.ts";
import type { LoginContext } from "./service.ts";

/** What every sign-in route is given: the throttle, the token lifetime and the challenge signer. */
export type SignInOptions = { attempts: PasswordAttempts; tokenTtlMs: number; challenges: LoginChallenges };

/** A sign-in step's context: the app's database and signer, this request's client. */
export function loginContextOf(request: FastifyRequest, options: SignInOptions): LoginContext {
  return {
    db: request.server.db,
    tokens: request.server.tokens,
    throttle: options.attempts.throttle,
    tokenTtlMs: options.tokenTtlMs,
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"],
    challenges: options.challenges,
  };
}
