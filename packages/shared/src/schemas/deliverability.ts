import { z } from "zod";
import { emailAddress, idSchema, text } from "./common.ts";

/** hard: the address does not work; soft: a passing failure (N in a row count as hard); complaint: "this is spam". */
export const deliveryEventKinds = ["hard", "soft", "complaint"] as const;
export type DeliveryEventKind = (typeof deliveryEventKinds)[number];

/** Where a report came from: the bounce listener (a DSN, a feedback report, the SMTP conversation) or a webhook. */
export const deliveryEventSources = [
  "smtp",
  "dsn",
  "arf",
  "webhook:generic",
  "webhook:ses",
  "webhook:sendgrid",
  "webhook:postmark",
  "unsubscribe-mailto",
] as const;
export type DeliveryEventSource = (typeof deliveryEventSources)[number];

/** One bounce or complaint, as every source hands it to the recording service (delivery-events.ts). */
export const deliveryEventSchema = z.strictObject({
  email: emailAddress("Please enter a valid email address"),
  kind: z.enum(deliveryEventKinds),
  campaignId: idSchema.nullish(),
  reason: text(1_000).default(""),
  source: z.enum(deliveryEventSources),
});
export type DeliveryEvent = z.input<typeof deliveryEventSchema>;

/** Why an address is on the suppression list. */
export const suppressionReasons = ["hard-bounce", "soft-bounces", "complaint", "unsubscribed", "erased"] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** A bounce or complaint as the subscriber quick view and campaign report show it. */
export const deliveryEventDtoSchema = z.object({
  _id: z.string(),
  campaignId: z.string().nullable(),
  campaignSubject: z.string().nullable(),
  email: z.string(),
  kind: z.enum(deliveryEventKinds),
  reason: z.string(),
  source: z.string(),
  createdAt: z.string(),
});
export type DeliveryEventDto = z.infer<typeof deliveryEventDtoSchema>;

/** How many of a person's bounces and complaints the subscriber detail carries, newest first. */
export const subscriberDeliveryEventsShown = 10;
