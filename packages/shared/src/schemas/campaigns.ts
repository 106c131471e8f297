import { z } from "zod";
import { dateQuery, idSchema, pageQuery, searchQuery } from "./common.ts";
import { emailSchema } from "./users.ts";

export const campaignStatuses = ["draft", "scheduled", "sending", "paused", "sent", "cancelled", "failed"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const recipientStatuses = ["queued", "sending", "sent", "failed", "bounced", "skipped"] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/** Spec section 4: sent green, draft gray, schedule blue, failed red, anything else yellow. */
export function campaignStatusColour(status: string): "green" | "gray" | "blue" | "red" | "yellow" {
  if (status === "sent") return "green";
  if (status === "draft") return "gray";
  if (status === "scheduled") return "blue";
  if (status === "failed") return "red";
  return "yellow";
}

/** Subject and preheader become mail headers: a line break there could inject a header. */
const headerText = (max: number, label: string) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), `${label} cannot contain line breaks`)
    .transform((value) => value.trim());

export const audienceSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("all") }),
  z.strictObject({ type: z.literal("tags"), tagIds: z.array(idSchema).min(1, "Choose at least one tag").max(50) }),
  z.strictObject({
    type: z.literal("subscribers"),
    subscriberIds: z.array(idSchema).min(1, "Choose at least one subscriber").max(10_000),
  }),
]);
export type Audience = z.infer<typeof audienceSchema>;

export const campaignCreateSchema = z.strictObject({
  subject: headerText(200, "Subject").pipe(z.string().min(1, "Subject is required")),
  preheader: headerText(200, "Preheader").default(""),
  html: z.string().max(500_000).pipe(z.string().min(1, "The email needs some content")),
  audience: audienceSchema,
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

export const campaignUpdateSchema = z
  .strictObject({
    subject: campaignCreateSchema.shape.subject.optional(),
    preheader: headerText(200, "Preheader").optional(),
    html: campaignCreateSchema.shape.html.optional(),
    audience: audienceSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });

export const sendMailSchema = z.strictObject({ mailId: idSchema });
export const scheduleSchema = z.strictObject({ scheduledAt: dateQuery });
export const testSendSchema = z.strictObject({ email: emailSchema });
export const audienceCountSchema = z.strictObject({ audience: audienceSchema });

export const campaignListQuerySchema = z.strictObject({
  ...pageQuery,
  search: searchQuery,
  status: z.enum(campaignStatuses).optional(),
});

export const recipientListQuerySchema = z.strictObject({
  ...pageQuery,
  search: searchQuery,
  status: z.enum(recipientStatuses).optional(),
});

export const funnelQuerySchema = z.strictObject({ campaignId: idSchema.optional() });
export const growthQuerySchema = z.strictObject({ days: z.coerce.number().int().min(7).max(365).default(90) });

export type CampaignDto = {
  _id: string;
  subject: string;
  preheader: string;
  html: string;
  audience: Audience;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  sentAt: string | null;
  recipientCount: number;
  createdAt: string;
  updatedAt: string;
};

export type CampaignCounts = Record<RecipientStatus, number> & {
  opened: number;
  clicked: number;
  unsubscribed: number;
  /** Recipients who reported it as spam (after the send: feedback reports, provider webhooks). */
  complained: number;
};

export type FunnelDto = {
  campaignId: string | null;
  recipients: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  /** Hard bounces, during the send or reported afterwards (the recipient was not delivered). */
  bounced: number;
  /** Recipients with a soft bounce (a full mailbox, a server away) reported after the send. */
  softBounced: number;
  /** Recipients who reported the campaign as spam (feedback reports, provider webhooks). */
  complained: number;
  failed: number;
  prefetchOpens: number;
  rates: {
    delivery: number;
    open: number;
    click: number;
    clickToOpen: number;
    unsubscribe: number;
    bounce: number;
    complaint: number;
  };
  topLinks: { url: string; clicks: number }[];
};

export const campaignCopy = {
  notEditable: "Only drafts and scheduled campaigns can be changed",
  notFound: "Campaign not found",
  scheduleInFuture: "Choose a time in the future",
  noRecipients: "This audience has no subscribed recipients",
  started: "The campaign has started sending",
  outboxBanner: "Mail is not really sent: no SMTP server is configured, so messages are written to the outbox folder.",
};
