import { errorResponseSchema, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  passkeyLoginOptionsSchema,
  passkeyLoginSchema,
  passkeyRegisterSchema,
  passkeySchema,
  reauthSchema,
  signedInAnswerSchema,
  webauthnOptionsSchema,
} from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { eq } from "drizzle-orm";

import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { users } from "../../db/schema/index.ts";
import { unauthorized } from "../../lib/errors.ts";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf, publicRoute } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { loginContextOf, type SignInOptions } from "./login-context.ts";
import {
  authenticationOptions,
  type RelyingParty,
  registerPasskey,
  registrationOptions,
  verifyPasskey,
} from "./passkeys.ts";
import { assertRecentSignIn } from "./recent-sign-in.ts";
import { LoginRefused, startSession } from "./service.ts";
import { deletePasskey } from "./two-factor-settings.ts";

export type PasskeyRouteOptions = SignInOptions & { relyingParty: RelyingParty };

const ownFactors = { ...authenticatedRoute, beforeTwoFactorSetup: true } as const;
// Each prompt stores a challenge: a stranger may not fill the table.
const promptLimit = { rateLimit: { max: 30, timeWindow: "15 minutes" } } as const;

/** Passkeys: registered from the profile, used as a second factor or to sign in with no password. */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRouteOptions> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  const rp = options.relyingParty;
  const recheck = (request: FastifyRequest) => ({ throttle: options.attempts.throttle, ipAddress: request.ip });

  app.post(
    "/api/users/two-factor/passkeys/options",
    {
      schema: {
        summary: "Start registering a passkey",
        body: reauthSchema,
        response: { 200: okResponse(webauthnOptionsSchema) },
      },
      config: ownFactors,
    },
    async (request) => {
      const principal = principalOf(request);
      await assertRecentSignIn(app.db, principal, request.body, recheck(request));
      return {
        success: true,
        message: "Passkey options",
        // Copied into a plain object: the library's interface type cannot stand for the open schema.
        data: { ...(await registrationOptions(app.db, rp, principal)) },
      };
    },
  );

  app.post(
    "/api/users/two-factor/passkeys",
    {
      config: { ...ownFactors, activity: { module: "auth", action: "Add passkey" } },
      schema: {
        summary: "Register a passkey",
        body: passkeyRegisterSchema,
        response: { 201: okResponse(passkeySchema) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const passkey = await registerPasskey(app.db, rp, principal.userId, request.body);
      await audit(request, {
        module: "auth",
        action: "Add passkey",
        description: `${principal.email} added the passkey “${passkey.name}”`,
      });
      return reply.status(201).send({ success: true, message: twoFactorCopy.api.passkeyAdded, data: passkey });
    },
  );

  app.delete(
    "/api/users/two-factor/passkeys/:id",
    {
      config: { ...ownFactors, activity: { module: "auth", action: "Remove passkey" } },
      schema: {
        summary: "Remove a passkey",
        params: idParamsSchema,
        body: reauthSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertRecentSignIn(app.db, principal, request.body, recheck(request));
      await deletePasskey(app.db, principal, request.params.id);
      await audit(request, {
        module: "auth",
        action: "Remove passkey",
        description: `${principal.email} removed a passkey`,
      });
      return { success: true, message: twoFactorCopy.api.passkeyRemoved };
    },
  );

  app.post(
    "/api/users/login/passkey/options",
    {
      config: { ...publicRoute, ...promptLimit },
      schema: {
        summary: "Start signing in with a passkey",
        body: passkeyLoginOptionsSchema,
        response: { 200: okResponse(webauthnOptionsSchema) },
      },
    },
    async (request) => {
      const { challenge } = request.body;
      const claims = challenge ? await options.challenges.read(challenge) : null;
      if (challenge && !claims) throw unauthorized(twoFactorCopy.api.challengeExpired);
      return {
        success: true,
        message: "Passkey options",
        data: { ...(await authenticationOptions(app.db, rp, claims?.userId ?? null)) },
      };
    },
  );

  app.post(
    "/api/users/login/passkey",
    {
      config: publicRoute,
      schema: {
        summary: "Finish signing in with a passkey",
        body: passkeyLoginSchema,
        response: {
          200: okResponse(signedInAnswerSchema),
          429: errorResponseSchema.describe("Too many failed attempts: try again later"),
        },
      },
    },
    async (request) => {
      const { throttle } = options.attempts;
      const reservation = await throttle.reserve([`ip:${request.ip}`]);
      if (!reservation.granted) throw new LoginRefused(reservation, null);
      const userId = await verifyPasskey(app.db, rp, request.body.credential, null);
      const [user] = userId
        ? await app.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId))
        : [];
      if (!userId || !user?.isActive) {
        await audit(request, {
          module: "auth",
          action: "Login",
          status: "Failure",
          description: "Failed passkey sign-in",
          userId,
          details: { message: userId ? "Account deactivated" : "Unknown or unverified passkey" },
        });
        throw unauthorized(twoFactorCopy.api.passkeyRefused);
      }
      await throttle.release(reservation.attempt);
      // A passkey is a credential of its own: only a deactivation meanwhile stops its session.
      const result = await startSession(loginContextOf(request, options), userId);
      if (!result) throw unauthorized(twoFactorCopy.api.passkeyRefused);
      await audit(request, {
        module: "auth",
        action: "Login",
        description: `${result.user.email} signed in with a passkey`,
        userId,
      });
      return { success: true, message: "Signed in successfully", data: result };
    },
  );
};
