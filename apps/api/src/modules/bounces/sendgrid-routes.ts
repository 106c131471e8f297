import type { KeyObject } from "node:crypto";
import { bounceCopy, sendgridEventsSchema, webhookAnswerSchema, webhookRefusals } from "@shop/shared/schemas/bounces";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/errors.ts";
import { publicRoute } from "../../plugins/auth.ts";
import { offUnless } from "./guards.ts";
import { eventsFromSendgrid } from "./provider-events.ts";
import { keepRawJson, rawBodyOf } from "./raw-json.ts";
import type { RecordWebhookEvents } from "./record.ts";
import { sendgridSignatureHeader, sendgridTimestampHeader, verifySendgridRequest } from "./verify-sendgrid.ts";

/** SendGrid posts batches of events, up to about 768 KB. */
const sendgridBodyLimit = 1024 * 1024;

const headerOf = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export const sendgridRoutes: FastifyPluginAsyncZod<{
  key: KeyObject | undefined;
  record: RecordWebhookEvents;
}> = async (app, { key, record }) => {
  keepRawJson(app);
  app.post(
    "/api/bounces/sendgrid",
    {
      config: publicRoute,
      bodyLimit: sendgridBodyLimit,
      schema: {
        summary: "Receive SendGrid event webhooks",
        body: sendgridEventsSchema,
        response: { 200: webhookAnswerSchema, ...webhookRefusals },
      },
      onRequest: offUnless(key !== undefined),
      // Checked on the raw body before it is validated: nothing unsigned is looked at further.
      preValidation: async (request) => {
        const signed =
          key !== undefined &&
          verifySendgridRequest(key, {
            payload: rawBodyOf(request),
            signature: headerOf(request.headers[sendgridSignatureHeader]),
            timestamp: headerOf(request.headers[sendgridTimestampHeader]),
          });
        if (!signed) throw unauthorized(bounceCopy.badSignature);
      },
    },
    async (request) => record(request, eventsFromSendgrid(request.body)),
  );
};
