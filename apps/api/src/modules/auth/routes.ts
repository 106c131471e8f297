import { copy } from "@shop/shared/copy";
import { getUserQuerySchema, loginSchema } from "@shop/shared/schemas/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf, publicRoute } from "../../plugins/auth.ts";
import { getUser } from "../users/service.ts";
import { LoginFailure, LoginRefused, login, logout, type PasswordAttempts } from "./service.ts";

type AuthRouteOptions = { attempts: PasswordAttempts; tokenTtlMs: number };

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { throttle, refusals } = options.attempts;
  app.post("/api/users/login", { config: publicRoute, schema: { body: loginSchema } }, async (request) => {
    const { email } = request.body;
    try {
      const result = await login(request.body, {
        db: app.db,
        tokens: app.tokens,
        throttle,
        tokenTtlMs: options.tokenTtlMs,
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
      });
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
  });

  app.post("/api/users/logout", { config: authenticatedRoute }, async (request) => {
    const principal = principalOf(request);
    await logout(app.db, principal.sessionId);
    await audit(request, { module: "auth", action: "Logout", description: `${principal.email} signed out` });
    return { success: true, message: copy.auth.signedOut };
  });

  app.get(
    "/api/users/get-user",
    { config: { ...authenticatedRoute, queryToken: true }, schema: { querystring: getUserQuerySchema } },
    async (request) => ({
      success: true,
      message: "User fetched successfully",
      data: await getUser(app.db, principalOf(request).userId),
    }),
  );
};
