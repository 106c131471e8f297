import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  mailDeliveryCopy,
  mailDeliveryListQuerySchema,
  mailDeliveryPageSchema,
  mailDeliverySummarySchema,
} from "@shop/shared/schemas/mail-delivery";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { requirePermission } from "../../plugins/auth.ts";
import { listTroubledMail, retryMail, summariseTroubledMail } from "./service.ts";

/**
 * Account mail that did not go out. Whoever keeps the site settings keeps the mail sender, and most
 * failures are fixed there (the relay's credentials, the sender address), so the same permission sees
 * and retries it.
 */
const manage = requirePermission("settings:update-settings");

export const mailDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/mail-delivery",
    {
      config: manage,
      schema: {
        summary: "List account mail that failed or is being retried",
        querystring: mailDeliveryListQuerySchema,
        response: { 200: okResponse(mailDeliveryPageSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Mail delivery fetched successfully",
      data: await listTroubledMail(app.db, request.query),
    }),
  );

  app.get(
    "/api/mail-delivery/summary",
    {
      config: manage,
      schema: {
        summary: "Count account mail that failed or is being retried",
        response: { 200: okResponse(mailDeliverySummarySchema) },
      },
    },
    async () => ({
      success: true,
      message: "Mail delivery fetched successfully",
      data: await summariseTroubledMail(app.db),
    }),
  );

  app.post(
    "/api/mail-delivery/:id/retry",
    {
      config: { ...manage, activity: { module: "settings", action: "Retry mail" } },
      schema: {
        summary: "Send a failed account mail again",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: conflictResponse("The mail is not failed") },
      },
    },
    async (request) => {
      const retried = await retryMail(app.db, request.params.id);
      app.outbox.wake();
      await audit(request, {
        module: "settings",
        action: "Retry mail",
        description: `Sent the ${mailDeliveryCopy.kind(retried.kind).toLowerCase()} to ${retried.recipient} again`,
        details: { mail: { id: request.params.id, kind: retried.kind, to: retried.recipient } },
      });
      return { success: true, message: mailDeliveryCopy.retried };
    },
  );
};
