import { errorResponseSchema, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  reauthSchema,
  recoveryCodesSchema,
  secondFactorSchema,
  signedInAnswerSchema,
  totpConfirmSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from "@shop/shared/schemas/two-factor";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../lib/errors.ts";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf, publicRoute, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { assertCanTouch, getUser } from "../users/service.ts";
import { loginContextOf, type SignInOptions } from "./login-context.ts";
import { type RelyingParty, verifyPasskey } from "./passkeys.ts";
import { assertRecentSignIn } from "./recent-sign-in.ts";
import { completeSecondFactor, SecondFactorFailure } from "./second-factor.ts";
import { removeSecondFactors, twoFactorStatus } from "./second-factor-state.ts";
import type { SecretBox } from "./secret-box.ts";
import { LoginRefused } from "./service.ts";
import { beginTotp, confirmTotp, disableTotp, regenerateRecoveryCodes } from "./two-factor-settings.ts";

export type TwoFactorRouteOptions = SignInOptions & { box: SecretBox; relyingParty: RelyingParty };

/** A user's own second factors: open during the enrolment a role requires. */
const ownFactors = { ...authenticatedRoute, beforeTwoFactorSetup: true } as const;

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  const { refusals } = options.attempts;
  const recheck = (request: FastifyRequest) => ({ throttle: options.attempts.throttle, ipAddress: request.ip });

  app.post(
    "/api/users/login/second-factor",
    {
      config: publicRoute,
      schema: {
        summary: "Finish signing in with a second factor",
        body: secondFactorSchema,
        response: {
          200: okResponse(signedInAnswerSchema),
          429: errorResponseSchema.describe("Too many failed attempts: try again later"),
        },
      },
    },
    async (request) => {
      try {
        const { method, ...result } = await completeSecondFactor(request.body, {
          ...loginContextOf(request, options),
          box: options.box,
          verifyPasskey: async (userId, credential) =>
            (await verifyPasskey(app.db, options.relyingParty, credential, userId)) === userId,
        });
        await audit(request, {
          module: "auth",
          action: "Login",
          description: `${result.user.email} signed in with a ${method === "recovery" ? "recovery code" : method}`,
          userId: result.user._id,
        });
        return { success: true, message: "Signed in successfully", data: result };
      } catch (error) {
        if (error instanceof SecondFactorFailure) {
          await audit(request, {
            module: "auth",
            action: "Login",
            status: "Failure",
            description: "Failed second factor",
            userId: error.userId,
            details: { message: error.reason },
          });
        }
        if (error instanceof LoginRefused) {
          refusals.note({
            burst: `ip:${request.ip}`,
            module: "auth",
            action: "Login",
            description: `Second factors from ${request.ip} refused: too many failed attempts`,
            userId: error.userId,
            address: request.ip,
          });
        }
        throw error;
      }
    },
  );

  app.get(
    "/api/users/two-factor",
    {
      schema: {
        summary: "Get the caller's second-factor settings",
        response: { 200: okResponse(twoFactorStatusSchema) },
      },
      config: ownFactors,
    },
    async (request) => ({
      success: true,
      message: twoFactorCopy.api.status,
      data: await twoFactorStatus(app.db, principalOf(request).userId),
    }),
  );

  app.post(
    "/api/users/two-factor/totp/setup",
    {
      schema: {
        summary: "Start setting up an authenticator app",
        body: reauthSchema,
        response: { 200: okResponse(totpSetupSchema) },
      },
      config: ownFactors,
    },
    async (request) => {
      const principal = principalOf(request);
      await assertRecentSignIn(app.db, principal, request.body, recheck(request));
      return {
        success: true,
        message: twoFactorCopy.api.setupStarted,
        data: await beginTotp(app.db, options.box, principal),
      };
    },
  );

  app.post(
    "/api/users/two-factor/totp/confirm",
    {
      config: { ...ownFactors, activity: { module: "auth", action: "Turn on two-factor" } },
      schema: {
        summary: "Confirm the authenticator app with a code",
        body: totpConfirmSchema,
        response: { 200: okResponse(recoveryCodesSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const data = await confirmTotp(app.db, options.box, principal, request.body.code);
      await audit(request, {
        module: "auth",
        action: "Turn on two-factor",
        description: `${principal.email} set up an authenticator app`,
      });
      return { success: true, message: twoFactorCopy.api.totpEnabled, data };
    },
  );

  app.post(
    "/api/users/two-factor/totp/disable",
    {
      schema: {
        summary: "Turn off the authenticator app",
        body: reauthSchema,
        response: { 200: messageResponseSchema },
      },
      config: { ...ownFactors, activity: { module: "auth", action: "Turn off two-factor" } },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertRecentSignIn(app.db, principal, request.body, recheck(request));
      await disableTotp(app.db, principal);
      await audit(request, {
        module: "auth",
        action: "Turn off two-factor",
        description: `${principal.email} removed their authenticator app`,
      });
      return { success: true, message: twoFactorCopy.api.totpDisabled };
    },
  );

  app.post(
    "/api/users/two-factor/recovery-codes",
    {
      schema: {
        summary: "Issue new recovery codes",
        body: reauthSchema,
        response: { 200: okResponse(recoveryCodesSchema) },
      },
      config: { ...ownFactors, activity: { module: "auth", action: "New recovery codes" } },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertRecentSignIn(app.db, principal, request.body, recheck(request));
      const data = await regenerateRecoveryCodes(app.db, principal);
      await audit(request, {
        module: "auth",
        action: "New recovery codes",
        description: `${principal.email} made new recovery codes`,
      });
      return { success: true, message: twoFactorCopy.api.recoveryCodesMade, data };
    },
  );

  app.post(
    "/api/users/:id/reset-two-factor",
    {
      config: {
        ...requirePermission("user:create-update-user"),
        activity: { module: "user", action: "Reset two-factor" },
      },
      schema: {
        summary: "Reset a user's second factor",
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const target = await getUser(app.db, request.params.id);
      // One's own factors change through the own-factor routes, which ask for a recent sign-in or the password.
      if (target._id === principal.userId) throw forbidden(twoFactorCopy.api.resetOwnRefused);
      assertCanTouch(principal, target);
      await removeSecondFactors(app.db, target._id);
      await audit(request, {
        module: "user",
        action: "Reset two-factor",
        description: `Reset two-factor sign-in of ${target.email}`,
        details: { userInfo: { name: target.name, email: target.email, id: target._id } },
      });
      return { success: true, message: twoFactorCopy.api.reset };
    },
  );
};
