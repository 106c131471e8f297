import {
  bounceCopy,
  sesNotificationSchema,
  snsEnvelopeSchema,
  webhookAnswerSchema,
  webhookRefusals,
} from "@shop/shared/schemas/bounces";
import { errorResponseSchema } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest, forbidden, unauthorized } from "../../lib/errors.ts";
import { publicRoute } from "../../plugins/auth.ts";
import { maxJsonDepth, nestsDeeperThan } from "../../plugins/body-limits.ts";
import { offUnless } from "./guards.ts";
import { eventsFromSes } from "./provider-events.ts";
import { keepRawJson } from "./raw-json.ts";
import type { RecordWebhookEvents } from "./record.ts";
import { type CertificateFetcher, createCertificateCache, isAmazonSnsUrl, verifySnsMessage } from "./verify-sns.ts";

/** Where the SNS adapter goes out: injected, so tests never touch the network. */
export type SnsNetwork = {
  fetchCertificate: CertificateFetcher;
  /** Visits a SubscriptionConfirmation's SubscribeURL (already checked to be on Amazon's SNS host). */
  confirmSubscription: (url: string) => Promise<void>;
};

/** An SNS message is at most 256 KB, and the envelope around it is small. */
const snsBodyLimit = 300 * 1024;

type SnsOptions = { topicArns: string[]; network: SnsNetwork; record: RecordWebhookEvents };

function sesNotificationOf(message: string) {
  if (nestsDeeperThan(message, maxJsonDepth)) throw badRequest(bounceCopy.unreadable);
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    throw badRequest(bounceCopy.unreadable);
  }
  const parsed = sesNotificationSchema.safeParse(json);
  if (!parsed.success) throw badRequest(bounceCopy.unreadable);
  return parsed.data;
}

/**
 * Amazon SES through SNS. Only topics on SES_SNS_TOPIC_ARNS are heard; every message's signature is
 * checked with Amazon's certificate (fetched once per URL, only from Amazon's SNS host); a signed
 * SubscriptionConfirmation for an allowed topic is confirmed by visiting its SubscribeURL, which must
 * be on the same host.
 */
export const snsRoutes: FastifyPluginAsyncZod<SnsOptions> = async (app, { topicArns, network, record }) => {
  keepRawJson(app);
  const allowed = new Set(topicArns);
  const certificateOf = createCertificateCache(network.fetchCertificate);
  app.post(
    "/api/bounces/ses",
    {
      config: publicRoute,
      bodyLimit: snsBodyLimit,
      schema: {
        summary: "Receive Amazon SES notifications through SNS",
        body: snsEnvelopeSchema,
        response: {
          200: webhookAnswerSchema,
          ...webhookRefusals,
          403: errorResponseSchema.describe("The topic is not allowed"),
          502: errorResponseSchema.describe("The subscription could not be confirmed with Amazon SNS"),
        },
      },
      onRequest: offUnless(allowed.size > 0),
      // Checked before the body is validated: a message that is not a signed SNS message from an
      // allowed topic is refused as such, whatever it holds.
      preValidation: async (request) => {
        const envelope = snsEnvelopeSchema.safeParse(request.body);
        if (!envelope.success) throw unauthorized(bounceCopy.badSignature);
        if (!allowed.has(envelope.data.TopicArn)) throw forbidden(bounceCopy.topicNotAllowed);
        const verdict = await verifySnsMessage(envelope.data, certificateOf);
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.reason, topic: envelope.data.TopicArn }, "SNS message refused");
          throw unauthorized(bounceCopy.badSignature);
        }
      },
    },
    async (request) => {
      const message = request.body;
      if (message.Type === "SubscriptionConfirmation") {
        if (!message.SubscribeURL || !isAmazonSnsUrl(message.SubscribeURL)) throw forbidden(bounceCopy.badSignature);
        try {
          await network.confirmSubscription(message.SubscribeURL);
        } catch (error) {
          request.log.warn({ err: error, topic: message.TopicArn }, "SNS subscription could not be confirmed");
          throw new AppError(502, bounceCopy.confirmationFailed);
        }
        request.log.info({ topic: message.TopicArn }, "SNS subscription confirmed");
        return { success: true as const, message: "Subscription confirmed", data: { recorded: 0, ignored: 0 } };
      }
      if (message.Type === "UnsubscribeConfirmation") {
        request.log.info({ topic: message.TopicArn }, "SNS subscription ended");
        return { success: true as const, message: "Recorded", data: { recorded: 0, ignored: 0 } };
      }
      return record(request, eventsFromSes(sesNotificationOf(message.Message)));
    },
  );
};

/** Confirms a subscription over https, following no redirect. */
export const confirmSubscriptionOverHttps = async (url: string): Promise<void> => {
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`SubscribeURL answered ${response.status}`);
};
