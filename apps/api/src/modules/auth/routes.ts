import { copy } from "@shop/shared/copy";
import { errorResponseSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import { passwordAnswerSchema } from "@shop/shared/schemas/two-factor";
import { currentUserSchema, getUserQuerySchema, loginSchema } from "@shop/shared/schemas/users";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf, publicRoute } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { getUser } from "../users/service.ts";
import { loginContextOf, type SignInOptions } from "./login-context.ts";
import { LoginFailure, LoginRefused, login, logout } from "./service.ts";

export const authRoutes: FastifyPluginAsyncZod<SignInOptions> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  const { refusals } = options.attempts;
  app.post(
    "/api/users/login",
    {
      config: publicRoute,
      schema: {
        summary: "Sign in with email and password",
        body: loginSchema,
        response: {
          200: okResponse(passwordAnswerSchema),
          429: errorResponseSchema.describe("Too many failed attempts: try again later"),
        },
      },
    },
    async (request) => {
      const { email } = request.body;
      try {
        const result = await login(request.body, loginContextOf(request, options));
        if ("twoFactorRequired" in result) {
          const { userId, ...challenge } = result;
          await audit(request, {
            module: "auth",
            action: "Login",
            description: `${email} gave the right password; second factor asked`,
            userId,
          });
          return { success: true, message: twoFactorCopy.api.secondFactorNeeded, data: challenge };
        }
        await audit(request, {
          module: "auth",
          action: "Login",
          description: `${result.user.email} signed in`,
          userId: result.user._id,
        });
        return { success: true, message: copy.auth.signedIn, data: result };
      } catch (error) {
        if (error instanceof LoginFailure) {
          await audit(request, {
            module: "auth",
            action: "Login",
            status: "Failure",
            description: `Failed sign-in for ${email}`,
            userId: error.userId,
            details: { message: error.reason },
          });
        }
        if (error instanceof LoginRefused) {
          // Counted per account when the account is what is locked, otherwise per address.
          const perAccount = error.blocked.includes(`account:${email}`);
          refusals.note({
            burst: perAccount ? `account:${email}` : `ip:${request.ip}`,
            module: "auth",
            action: "Login",
            description: perAccount
              ? `Sign-ins for ${email} refused: too many failed attempts`
              : `Sign-ins from ${request.ip} refused: too many failed attempts`,
            userId: perAccount ? error.userId : null,
            address: request.ip,
            ...(!perAccount && { account: email }),
          });
        }
        throw error;
      }
    },
  );

  app.post(
    "/api/users/logout",
    {
      schema: { summary: "Sign out this session", response: { 200: messageResponseSchema } },
      config: { ...authenticatedRoute, beforeTwoFactorSetup: true },
    },
    async (request) => {
      const principal = principalOf(request);
      await logout(app.db, principal.sessionId);
      await audit(request, { module: "auth", action: "Logout", description: `${principal.email} signed out` });
      return { success: true, message: copy.auth.signedOut };
    },
  );

  app.get(
    "/api/users/get-user",
    {
      config: { ...authenticatedRoute, queryToken: true, beforeTwoFactorSetup: true },
      schema: {
        summary: "Get the signed-in user",
        querystring: getUserQuerySchema,
        response: { 200: okResponse(currentUserSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await getUser(app.db, principal.userId);
      // Said only when true, so the answer is the spec's for everyone else.
      const data = principal.twoFactorSetupRequired ? { ...user, twoFactorSetupRequired: true as const } : user;
      return { success: true, message: "User fetched successfully", data };
    },
  );
};
