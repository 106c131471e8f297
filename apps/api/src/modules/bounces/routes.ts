import {
  genericBounceSchema,
  postmarkWebhookSchema,
  webhookAnswerSchema,
  webhookRefusals,
} from "@shop/shared/schemas/bounces";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { offUnless, refuseUnless } from "./guards.ts";
import { eventsFromPostmark } from "./provider-events.ts";
import { type RecordWebhookEvents, recordWebhookEvents } from "./record.ts";
import { sendgridRoutes } from "./sendgrid-routes.ts";
import { type SnsNetwork, snsRoutes } from "./sns-routes.ts";
import { basicAuthMatches, bearerMatches } from "./verify-secret.ts";
import type { BounceWebhookConfig } from "./webhook-config.ts";

export type BounceRouteOptions = { config: BounceWebhookConfig; network: SnsNetwork };

/**
 * Bounces and complaints reported over HTTP. Each route is public to the auth layer and guarded by
 * its provider's secret or signature instead, checked before the body is validated; what a bounce
 * does is the delivery-events service's (newsletter/delivery-events.ts).
 */
export const bounceRoutes: FastifyPluginAsyncZod<BounceRouteOptions> = async (app, options) => {
  const { token, postmark } = options.config;
  const record: RecordWebhookEvents = (request, events) => recordWebhookEvents(app.db, request, events);

  app.post(
    "/api/bounces",
    {
      config: publicRoute,
      schema: {
        summary: "Report bounces and complaints (generic webhook)",
        body: genericBounceSchema,
        response: { 200: webhookAnswerSchema, ...webhookRefusals },
      },
      onRequest: offUnless(Boolean(token)),
      preValidation: refuseUnless(
        (request) => Boolean(token) && bearerMatches(request.headers.authorization, token ?? ""),
      ),
    },
    async (request) => record(request, [{ ...request.body, source: "webhook:generic" }]),
  );

  app.post(
    "/api/bounces/postmark",
    {
      config: publicRoute,
      schema: {
        summary: "Receive Postmark bounce webhooks",
        body: postmarkWebhookSchema,
        response: { 200: webhookAnswerSchema, ...webhookRefusals },
      },
      onRequest: offUnless(Boolean(postmark)),
      preValidation: refuseUnless(
        (request) =>
          postmark !== undefined && basicAuthMatches(request.headers.authorization, postmark.user, postmark.password),
      ),
    },
    async (request) => record(request, eventsFromPostmark(request.body)),
  );

  await app.register(sendgridRoutes, { key: options.config.sendgridKey, record });
  await app.register(snsRoutes, { topicArns: options.config.sesTopicArns, network: options.network, record });
};
