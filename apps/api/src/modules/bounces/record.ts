import type { webhookAnswerSchema } from "@shop/shared/schemas/bounces";
import { type DeliveryEvent, deliveryEventSchema } from "@shop/shared/schemas/deliverability";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { recordDeliveryEvents } from "../newsletter/delivery-events.ts";

type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;
export type RecordWebhookEvents = (request: FastifyRequest, events: DeliveryEvent[]) => Promise<WebhookAnswer>;

/**
 * Hands a verified report's events to the delivery-events service. An event whose address is not
 * an address is left out and counted, rather than failing the batch: the provider would only send
 * the whole batch again.
 */
export async function recordWebhookEvents(
  db: Db,
  request: FastifyRequest,
  events: DeliveryEvent[],
): Promise<WebhookAnswer> {
  const valid = events.flatMap((event) => {
    // Relays' diagnostics can be long; the record keeps the first 1,000 characters, as the schema allows.
    const parsed = deliveryEventSchema.safeParse({ ...event, reason: (event.reason ?? "").trim().slice(0, 1_000) });
    return parsed.success ? [parsed.data] : [];
  });
  const { recorded } = await recordDeliveryEvents(db, valid, { userId: null, ipAddress: request.ip });
  return { success: true, message: "Recorded", data: { recorded, ignored: events.length - valid.length } };
}
