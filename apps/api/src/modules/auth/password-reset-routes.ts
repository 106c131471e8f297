import { accountCopy } from "@shop/shared/account-copy";
import { forgotPasswordSchema, resetPasswordSchema } from "@shop/shared/schemas/account";
import { idParamsSchema, messageResponseSchema } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FailureThrottle, TooManyAttempts } from "../../lib/failure-throttle.ts";
import { audit } from "../../plugins/activity.ts";
import { principalOf, publicRoute, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import {
  padToFloor,
  requestPasswordReset,
  resetPassword,
  sendPasswordResetLink,
  signedInFrom,
} from "./password-reset.ts";

/** Requests per address in the throttle's window (an hour): enough for a lost email or two. */
export const resetRequestsPerAddress = 3;
export const resetRequestWindowMs = 60 * 60_000;

type PasswordResetRouteOptions = {
  /** Counts forgot-password requests per address asked for (known or not), across instances with Redis. */
  addressThrottle: FailureThrottle;
};

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRouteOptions> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  app.post(
    "/api/users/forgot-password",
    {
      // Per client address; the per-address limit is the throttle below.
      config: { ...publicRoute, rateLimit: { max: 10, timeWindow: "1 hour" } },
      schema: {
        summary: "Ask for a password reset link",
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const startedAt = performance.now();
      const { email } = request.body;
      // Counted for every address alike, so a refusal says nothing about whether it has an account;
      // from where the account signs in, apart (signedInFrom).
      const familiar = await signedInFrom(app.db, email, request.ip);
      const reservation = await options.addressThrottle.reserve([
        familiar ? `reset:${email}:from:${request.ip}` : `reset:${email}`,
      ]);
      if (!reservation.granted) throw new TooManyAttempts(accountCopy.forgot.tooMany, reservation);
      const mailed = await requestPasswordReset(app, email);
      if (mailed) {
        await audit(request, {
          module: "user",
          action: "Request password reset",
          description: `Password reset link sent to ${mailed.email} at their request`,
          userId: mailed.id,
        });
      }
      await padToFloor(startedAt);
      return { success: true, message: accountCopy.forgot.sent };
    },
  );

  app.post(
    "/api/users/reset-password",
    {
      config: { ...publicRoute, revokesSessions: true, rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: {
        summary: "Set a new password with a reset link",
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const user = await resetPassword(app.db, request.body.token, request.body.password);
      await audit(request, {
        module: "user",
        action: "Reset password",
        description: `${user.email} set a new password from a reset link; every session was signed out`,
        userId: user.id,
      });
      return { success: true, message: accountCopy.reset.done };
    },
  );

  app.post(
    "/api/users/:id/send-password-reset",
    {
      config: {
        ...requirePermission("user:create-update-user"),
        activity: { module: "user", action: "Send password reset link" },
      },
      schema: {
        summary: "Send a user a password reset link",
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const user = await sendPasswordResetLink(app, principalOf(request), request.params.id);
      await audit(request, {
        module: "user",
        action: "Send password reset link",
        description: `Sent a password reset link to ${user.email}`,
        details: { userInfo: { name: user.name, email: user.email, id: user._id } },
      });
      return { success: true, message: accountCopy.manager.sent(user.email) };
    },
  );
};
