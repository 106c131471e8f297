import { z } from "zod";
import { copy } from "../copy.ts";
import {
  emailAddress,
  idSchema,
  line,
  pageQuery,
  paginationSchema,
  searchQuery,
  sortOrderSchema,
  text,
} from "./common.ts";
import { deliveryEventDtoSchema } from "./deliverability.ts";
import { emailSchema } from "./users.ts";

export const subscriberStatuses = ["subscribed", "pending", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** Footer sign-up: the server checks the format the footer does not (spec section 5). */
export const subscribeSchema = z.strictObject({
  email: emailAddress(copy.validation.newsletterEmail),
});
/**
 * The sign-up's answer: with double opt-in on, the address must first be confirmed by email, and the
 * message says so. It depends on the setting alone, never on the address, so it tells nobody who is signed up.
 */
export const subscribeAnswerSchema = z.object({ confirmationRequired: z.boolean() });
export type SubscribeAnswer = z.infer<typeof subscribeAnswerSchema>;

export const newsletterCopy = {
  tagTaken: "A tag with this name already exists",
  tagNotFound: "Tag not found",
  tagInCampaign:
    "A scheduled or running campaign is addressed to this tag. Change that campaign's audience before deleting the tag.",
  subscriberNotFound: "Subscriber not found",
  emailTaken: "A subscriber with this email already exists",
  tagsAssigned: "Tags assigned successfully!",
  selectTag: "Please select at least one tag",
  selectFile: "Please select a CSV file",
  invalidFile: "Please select a valid CSV file",
  importFailed: "Something went wrong while importing subscribers",
  imported: (count: number) => `Successfully imported ${count} subscriber(s).`,
  checkInbox: "Almost there! Please check your inbox to confirm your subscription.",
  unsubscribed: "You have been unsubscribed.",
  testUnsubscribe: "This link came from a test email: it unsubscribes nobody.",
  confirmed: "Your subscription is confirmed.",
  confirmTitle: "Confirm your subscription",
  confirmQuestion: (storeName: string) => `Do you want to receive emails from ${storeName}?`,
  confirmButton: "Confirm my subscription",
  confirmLinkInvalid: "This link is not valid or has expired",
  confirmLinkInvalidHint: "Sign up again in the shop's footer to get a new one.",
  mappingUnreadable: "The column mapping could not be read",
  mappingRepeated: "Each column can be chosen once",
  mappingColumnMissing: (role: string, position: number, columns: number) =>
    `The ${role} column (column ${position}) is not in this file: it has ${columns} column${columns === 1 ? "" : "s"}`,
};

/**
 * Tag names become slugs with the shared slugify; the name is what people type. `slug` is accepted for
 * clients that send one, but the server always derives it from the name.
 */
export const tagCreateSchema = z.strictObject({
  name: line(60).pipe(z.string().min(1, copy.validation.required("Tag Name"))),
  slug: text(80).optional(),
  description: text(300).default(""),
});
export type TagCreate = z.infer<typeof tagCreateSchema>;
export const tagUpdateSchema = z
  .strictObject({
    name: tagCreateSchema.shape.name.optional(),
    slug: text(80).optional(),
    description: text(300).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export const tagListQuerySchema = z.strictObject({ search: searchQuery });

export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  subscriberCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagDto = z.infer<typeof tagSchema>;
const tagRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

/** `tagIds` may come repeated (?tagIds=a&tagIds=b) or comma-separated. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(idSchema).max(50));

export const subscriberSortFields = ["createdAt", "email", "subscribedAt", "status"] as const;

const subscriberFilterFields = {
  search: searchQuery,
  status: z.enum(subscriberStatuses).optional(),
  tagIds: idList.optional(),
};

export const subscriberListQuerySchema = z.strictObject({
  ...pageQuery,
  sortBy: z.enum(subscriberSortFields).default("createdAt"),
  sortOrder: sortOrderSchema,
  ...subscriberFilterFields,
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

/**
 * A subscriber list's paging. Past 10,000 matches the total is the database's estimate, not a count
 * (totalIsEstimate), and the admin shows it as "about".
 */
export const subscriberListPaginationSchema = paginationSchema.extend({
  totalSubscribers: z.number(),
  totalIsEstimate: z.boolean(),
  subscribersPerPage: z.number(),
});
export type SubscriberListPagination = z.infer<typeof subscriberListPaginationSchema>;

export const subscriberFilterSchema = z.strictObject(subscriberFilterFields);
export type SubscriberFilter = z.infer<typeof subscriberFilterSchema>;

export const subscriberUpdateSchema = z.strictObject({
  email: emailSchema,
  tags: z.array(idSchema).max(50).optional(),
});
export type SubscriberUpdate = z.infer<typeof subscriberUpdateSchema>;

/** Tag picked people, or everyone matching a filter (so staff can tag 50k people at once). */
export const bulkTagSchema = z
  .strictObject({
    tagIds: z.array(idSchema).min(1, newsletterCopy.selectTag).max(50),
    subscriberIds: z.array(idSchema).max(10_000).optional(),
    filter: subscriberFilterSchema.optional(),
  })
  .refine((value) => (value.subscriberIds?.length ?? 0) > 0 || value.filter !== undefined, {
    message: "Choose subscribers or a filter",
    path: ["subscriberIds"],
  });

/**
 * Consent that was not the person's own sign-up from an address: an import records its file, who
 * ran it and when, never the staff member's address. People imported before this was recorded
 * carry only the type.
 */
export const consentSourceSchema = z.object({
  type: z.literal("import"),
  fileName: z.string().optional(),
  importedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).optional(),
  importedAt: z.string().optional(),
  importJobId: z.string().optional(),
});
export type ConsentSource = z.infer<typeof consentSourceSchema>;

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(subscriberStatuses),
  source: z.string(),
  tags: z.array(tagRefSchema),
  consentIp: z.string().nullable(),
  consentSource: consentSourceSchema.nullable(),
  consentAt: z.string().nullable(),
  subscribedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubscriberDto = z.infer<typeof subscriberSchema>;

export const subscriberListSchema = z.object({
  subscribers: z.array(subscriberSchema),
  pagination: subscriberListPaginationSchema,
});

/** The quick view: the person with their latest bounces and complaints. */
export const subscriberDetailSchema = subscriberSchema.extend({ deliveryEvents: z.array(deliveryEventDtoSchema) });

/** GET /api/newsletter/subscribers/{id}/export: everything held about the person, as a JSON download. */
/** A campaign a person was sent, in their data export: what reached them and what they did with it. */
export const sentCampaignSchema = z.object({
  campaignId: z.string(),
  subject: z.string(),
  status: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

export type SentCampaign = z.infer<typeof sentCampaignSchema>;

export const subscriberExportSchema = z.object({
  subscriber: subscriberSchema,
  deliveryEvents: z.array(deliveryEventDtoSchema),
  campaigns: z.array(sentCampaignSchema),
  exportedAt: z.string(),
});
export type SubscriberExport = z.infer<typeof subscriberExportSchema>;

/** The character encoding an import read its file in: from a byte order mark, else UTF-8 if valid, else Windows-1252. */
export const importEncodings = ["UTF-8", "UTF-8 with BOM", "UTF-16LE", "UTF-16BE", "Windows-1252"] as const;
export type ImportEncoding = (typeof importEncodings)[number];

export const importResultSchema = z.object({
  jobId: z.string(),
  importedCount: z.number(),
  updatedCount: z.number(),
  skippedCount: z.number(),
  /** Rows left out because their address is on the suppression list; in the upload's answer only. */
  suppressedCount: z.number().optional(),
  errors: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
  /** In the upload's answer; a job's progress does not carry it. */
  encoding: z.enum(importEncodings).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * Which column of the file holds what, by position in the header row from 0 (as the preview lists
 * it); null for a column the file does not have. Sent with the upload (as JSON in a `mapping`
 * field) when staff checked or changed what the server detected.
 */
const unreadable = { message: newsletterCopy.mappingUnreadable };
const columnPosition = z.number(unreadable).int(unreadable).min(0, unreadable).max(999, unreadable);
const optionalColumn = columnPosition.nullable().default(null);
export const importMappingSchema = z
  .strictObject(
    { email: columnPosition, firstName: optionalColumn, lastName: optionalColumn, name: optionalColumn },
    unreadable,
  )
  .refine(
    (mapping) => {
      const chosen = [mapping.email, mapping.firstName, mapping.lastName, mapping.name].filter((at) => at !== null);
      return new Set(chosen).size === chosen.length;
    },
    { message: newsletterCopy.mappingRepeated },
  );
export type ImportMapping = z.infer<typeof importMappingSchema>;
export type ImportColumnRole = keyof ImportMapping;
/** The roles as the mapping's message names them. */
export const importColumnRoles: Record<ImportColumnRole, string> = {
  email: "email",
  firstName: "first name",
  lastName: "last name",
  name: "full name",
};

/** The head of a file before it is imported: what the server read and the mapping it detected. */
export const importPreviewSchema = z.object({
  encoding: z.enum(importEncodings),
  delimiter: z.enum([",", ";", "\t"]),
  headers: z.array(z.string()),
  /** The first rows after the header (at most 5). */
  rows: z.array(z.array(z.string())),
  /** What the server would use; `email` is null when no header name was recognised. */
  mapping: z.object({
    email: z.number().nullable(),
    firstName: z.number().nullable(),
    lastName: z.number().nullable(),
    name: z.number().nullable(),
  }) satisfies z.ZodType<{ [role in ImportColumnRole]: number | null }>,
  /** Only the file's head was read: it goes on beyond the rows shown. */
  partial: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importProgressSchema = importResultSchema.extend({
  status: z.enum(["running", "finished", "failed"]),
  rowsRead: z.number(),
  bytesRead: z.number(),
  bytesTotal: z.number().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
