import { z } from "zod";
import { emailAddress, errorResponseSchema, idSchema, okResponse, text } from "./common.ts";
import { deliveryEventKinds } from "./deliverability.ts";

/** POST /api/bounces: a relay without its own adapter reports one bounce or complaint. */
export const genericBounceSchema = z.strictObject({
  email: emailAddress("Please enter a valid email address"),
  kind: z.enum(deliveryEventKinds),
  campaignId: idSchema.optional(),
  reason: text(1_000).default(""),
});

/** What providers send is theirs to extend: only the fields read are described, the rest pass. */
const looseText = z.string().max(10_000);

/** The JSON an SNS HTTP subscription receives (Notification, SubscriptionConfirmation, UnsubscribeConfirmation). */
export const snsEnvelopeSchema = z.looseObject({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string().max(200),
  TopicArn: z.string().max(300),
  Message: z.string().max(262_144),
  Timestamp: z.string().max(64),
  SignatureVersion: z.string().max(4),
  Signature: z.string().max(2_048),
  SigningCertURL: z.string().max(2_048),
  Subject: z.string().max(200).nullish(),
  SubscribeURL: z.string().max(2_048).optional(),
  Token: z.string().max(2_048).optional(),
});

const sesRecipient = z.looseObject({ emailAddress: z.string().max(320), diagnosticCode: looseText.optional() });

/** An SES bounce or complaint notification (the SNS Message); event publishing says eventType instead. */
export const sesNotificationSchema = z.looseObject({
  notificationType: z.string().max(50).optional(),
  eventType: z.string().max(50).optional(),
  bounce: z
    .looseObject({
      bounceType: z.string().max(50),
      bounceSubType: z.string().max(50).optional(),
      bouncedRecipients: z.array(sesRecipient).max(1_000),
    })
    .optional(),
  complaint: z
    .looseObject({
      complainedRecipients: z.array(sesRecipient).max(1_000),
      complaintFeedbackType: z.string().max(50).optional(),
    })
    .optional(),
  mail: z
    .looseObject({
      headers: z.array(z.looseObject({ name: z.string(), value: z.string() })).optional(),
    })
    .optional(),
});
export type SesNotification = z.infer<typeof sesNotificationSchema>;

/** SendGrid's event webhook: a batch of events; only bounces, blocks, drops and spam reports matter here. */
export const sendgridEventsSchema = z
  .array(
    z.looseObject({
      email: z.string().max(320),
      event: z.string().max(50),
      type: z.string().max(50).optional(),
      reason: looseText.optional(),
      status: z.string().max(50).optional(),
      campaign_id: z.string().max(100).optional(),
    }),
  )
  .max(10_000);
export type SendgridEvent = z.infer<typeof sendgridEventsSchema>[number];

/** Postmark's Bounce and SpamComplaint webhooks. */
export const postmarkWebhookSchema = z.looseObject({
  RecordType: z.string().max(50),
  Type: z.string().max(50).optional(),
  Email: z.string().max(320),
  Description: looseText.optional(),
  Details: looseText.optional(),
  Metadata: z.record(z.string().max(100), z.string().max(1_000)).optional(),
});
export type PostmarkWebhook = z.infer<typeof postmarkWebhookSchema>;

/** What every bounce webhook answers: how many events were recorded, and how many were not usable. */
export const webhookAnswerSchema = okResponse(z.object({ recorded: z.number(), ignored: z.number() }));

/** The refusals every bounce webhook can answer before it looks at the events. */
export const webhookRefusals = {
  401: errorResponseSchema.describe("Missing or wrong webhook credentials or signature"),
  404: errorResponseSchema.describe("This adapter is not configured"),
};

export const bounceCopy = {
  recorded: "Recorded",
  notConfigured: "Not found",
  wrongToken: "A valid webhook token is required",
  badSignature: "The signature could not be verified",
  topicNotAllowed: "This topic is not accepted here",
  unreadable: "The notification could not be read",
  confirmationFailed: "The subscription could not be confirmed with Amazon SNS; it will send the confirmation again",
};
