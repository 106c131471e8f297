import { z } from "zod";
import { pageQuery, paginationSchema, searchQuery } from "./common.ts";
import { type SuppressionReason, suppressionReasons } from "./deliverability.ts";

/** GET /api/newsletter/suppressions: newest first, searched by address. */
export const suppressionListQuerySchema = z.strictObject({ ...pageQuery, search: searchQuery });
export type SuppressionListQuery = z.infer<typeof suppressionListQuerySchema>;

/** An address on the list; after an erasure only its hash ("sha256:…") is kept. */
export const suppressionSchema = z.object({
  _id: z.string(),
  email: z.string(),
  reason: z.enum(suppressionReasons),
  createdAt: z.string(),
});
export type SuppressionDto = z.infer<typeof suppressionSchema>;
export const suppressionPageSchema = z.object({
  suppressions: z.array(suppressionSchema),
  pagination: paginationSchema.extend({ totalSuppressions: z.number() }),
});
export type SuppressionPage = z.infer<typeof suppressionPageSchema>;

const reasonWords: Record<SuppressionReason, string> = {
  "hard-bounce": "hard bounce",
  "soft-bounces": "repeated soft bounces",
  complaint: "spam complaint",
  unsubscribed: "unsubscribed",
  erased: "erased on request",
};

export const suppressionCopy = {
  reason: (reason: SuppressionReason) => reasonWords[reason],
  suppressed: (reason: SuppressionReason) =>
    `This address is on the suppression list (${reasonWords[reason]}) and will not be mailed. Lift the suppression first to add it again.`,
  testRefused: (reason: SuppressionReason) =>
    `This address is on the suppression list (${reasonWords[reason]}): test emails are not sent to it either.`,
  notFound: "This address is not on the suppression list",
  lifted: "Suppression lifted",
  page: {
    title: "Suppression list",
    description: "Addresses no campaign will mail: hard bounces, spam complaints, unsubscribes and erasures.",
    open: "Suppression list",
    loading: "Loading suppressions...",
    empty: "No suppressed addresses",
    emptySearch: "Try a different search term",
    failedFetch: "Failed to load the suppression list",
    searchPlaceholder: "Search by email",
    columns: { email: "Email", reason: "Reason", since: "Since" },
    erased: "Erased address (only its hash is kept)",
    lift: "Lift",
    liftLabel: (email: string) => `Lift suppression of ${email}`,
    confirmTitle: "Lift suppression?",
    confirm: (email: string, reason: SuppressionReason) =>
      `${email} is suppressed (${reasonWords[reason]}). Once lifted, campaigns may mail it again. This is logged.`,
    failedLift: "Could not lift the suppression",
  },
};
