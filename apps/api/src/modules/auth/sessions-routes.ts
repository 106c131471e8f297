import { accountCopy } from "@shop/shared/account-copy";
import { sessionSchema } from "@shop/shared/schemas/account";
import { idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { listSessions, revokeOtherSessions, revokeOwnSession } from "./sessions-service.ts";

/** The profile's "Active sessions": one's own, and only one's own. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, nothingPublic);
  app.get(
    "/api/users/sessions",
    {
      schema: { summary: "List the caller's sessions", response: { 200: okResponse(z.array(sessionSchema)) } },
      config: authenticatedRoute,
    },
    async (request) => ({
      success: true,
      message: "Sessions fetched successfully",
      data: await listSessions(app.db, principalOf(request)),
    }),
  );

  app.delete(
    "/api/users/sessions/:id",
    {
      config: { ...authenticatedRoute, activity: { module: "auth", action: "Sign out a session" } },
      schema: {
        summary: "Sign out one of the caller's sessions",
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await revokeOwnSession(app.db, principal, request.params.id);
      await audit(request, {
        module: "auth",
        action: "Sign out a session",
        description: `${principal.email} signed out one of their other sessions`,
      });
      return { success: true, message: accountCopy.sessions.signedOut };
    },
  );

  app.post(
    "/api/users/sessions/sign-out-others",
    {
      schema: {
        summary: "Sign out every other session",
        response: { 200: okResponse(z.object({ count: z.number() })) },
      },
      config: { ...authenticatedRoute, activity: { module: "auth", action: "Sign out other sessions" } },
    },
    async (request) => {
      const principal = principalOf(request);
      const count = await revokeOtherSessions(app.db, principal);
      await audit(request, {
        module: "auth",
        action: "Sign out other sessions",
        description: `${principal.email} signed out ${count} other session${count === 1 ? "" : "s"}`,
      });
      return { success: true, message: accountCopy.sessions.othersSignedOut(count), data: { count } };
    },
  );
};
