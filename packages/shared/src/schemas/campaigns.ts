import { z } from "zod";
import { htmlNestsDeeperThan } from "../nesting.ts";
import { dateQuery, idSchema, pageQuery, paginationSchema, searchQuery } from "./common.ts";
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

/** Far above a table layout's nesting; the sanitiser slows down quadratically with depth (nesting.ts, decision 018). */
const campaignNestingLimit = 100;

export const campaignCreateSchema = z.strictObject({
  subject: headerText(200, "Subject").pipe(z.string().min(1, "Subject is required")),
  preheader: headerText(200, "Preheader").default(""),
  html: z
    .string()
    .max(500_000)
    .pipe(z.string().min(1, "The email needs some content"))
    .refine((html) => !htmlNestsDeeperThan(html, campaignNestingLimit), {
      message: `The email's HTML is nested too deeply (more than ${campaignNestingLimit} levels): simplify its layout`,
    }),
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

export const campaignSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  preheader: z.string(),
  html: z.string(),
  audience: audienceSchema,
  status: z.enum(campaignStatuses),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  recipientCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignDto = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({
  campaigns: z.array(campaignSchema),
  pagination: paginationSchema.extend({ totalCampaigns: z.number(), campaignsPerPage: z.number() }),
});

export const campaignCountsSchema = z.object({
  ...(Object.fromEntries(recipientStatuses.map((status) => [status, z.number()])) as Record<
    RecipientStatus,
    z.ZodNumber
  >),
  opened: z.number(),
  clicked: z.number(),
  unsubscribed: z.number(),
  /** Recipients who reported it as spam (after the send: feedback reports, provider webhooks). */
  complained: z.number(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

/** GET /api/emailhistory/{id}: the campaign as sent, with its delivery counts. */
export const campaignDetailSchema = campaignSchema.extend({ counts: campaignCountsSchema });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const recipientSchema = z.object({
  _id: z.string(),
  subscriberId: z.string().nullable(),
  email: z.string(),
  status: z.enum(recipientStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type RecipientDto = z.infer<typeof recipientSchema>;
export const recipientListSchema = z.object({
  recipients: z.array(recipientSchema),
  pagination: paginationSchema.extend({ totalRecipients: z.number(), recipientsPerPage: z.number() }),
});
export type RecipientList = z.infer<typeof recipientListSchema>;

export const campaignLogSchema = z.object({
  _id: z.string(),
  event: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type CampaignLogDto = z.infer<typeof campaignLogSchema>;

export const funnelSchema = z.object({
  campaignId: z.string().nullable(),
  recipients: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  unsubscribed: z.number(),
  /** Hard bounces, during the send or reported afterwards (the recipient was not delivered). */
  bounced: z.number(),
  /** Recipients with a soft bounce (a full mailbox, a server away) reported after the send. */
  softBounced: z.number(),
  /** Recipients who reported the campaign as spam (feedback reports, provider webhooks). */
  complained: z.number(),
  failed: z.number(),
  prefetchOpens: z.number(),
  rates: z.object({
    delivery: z.number(),
    open: z.number(),
    click: z.number(),
    clickToOpen: z.number(),
    unsubscribe: z.number(),
    bounce: z.number(),
    complaint: z.number(),
  }),
  topLinks: z.array(z.object({ url: z.string(), clicks: z.number() })),
});
export type FunnelDto = z.infer<typeof funnelSchema>;

export const growthDaySchema = z.object({
  day: z.string(),
  subscribed: z.number(),
  unsubscribed: z.number(),
  campaigns: z.number(),
});
export type GrowthDay = z.infer<typeof growthDaySchema>;
export const growthSchema = z.object({
  days: z.array(growthDaySchema),
  totals: z.object({ subscribed: z.number(), unsubscribed: z.number(), bounced: z.number(), campaigns: z.number() }),
});
export type Growth = z.infer<typeof growthSchema>;

export const campaignCopy = {
  notEditable: "Only drafts and scheduled campaigns can be changed",
  notFound: "Campaign not found",
  scheduleInFuture: "Choose a time in the future",
  noRecipients: "This audience has no subscribed recipients",
  started: "The campaign has started sending",
  outboxBanner: "Mail is not really sent: no SMTP server is configured, so messages are written to the outbox folder.",
};
