import { z } from "zod";
import { pageQuery, paginationSchema } from "./common.ts";

/** The account mail the outbox sends (the API's mail_outbox.kind). */
export const mailKinds = [
  "enquiry-alert",
  "enquiry-confirmation",
  "contact-reply",
  "password-reset",
  "subscribe-confirmation",
] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * Mail in trouble: `failed` was given up on (an SMTP 5xx, or every attempt used) and waits for staff;
 * `retrying` failed at least once and the outbox will try again by itself.
 */
export const mailTroubleStatuses = ["failed", "retrying"] as const;
export type MailTroubleStatus = (typeof mailTroubleStatuses)[number];

/** GET /api/mail-delivery: newest first, optionally one status. */
export const mailDeliveryListQuerySchema = z.strictObject({
  ...pageQuery,
  status: z.enum(mailTroubleStatuses).optional(),
});
export type MailDeliveryListQuery = z.infer<typeof mailDeliveryListQuerySchema>;

/**
 * What staff see of a message: who it was for and why it did not go. Never its body: a password
 * reset's or a confirmation's holds a working link.
 */
export const troubledMailSchema = z.object({
  _id: z.string(),
  kind: z.enum(mailKinds),
  status: z.enum(mailTroubleStatuses),
  to: z.array(z.string()),
  subject: z.string(),
  attempts: z.number(),
  /** The relay's own words, e.g. "550 5.1.1 <x@example.com>: Recipient address rejected". */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When the outbox tries again; null once it has given up. */
  nextAttemptAt: z.string().nullable(),
});
export type TroubledMailDto = z.infer<typeof troubledMailSchema>;

export const mailDeliveryPageSchema = z.object({
  mails: z.array(troubledMailSchema),
  pagination: paginationSchema.extend({ totalMails: z.number(), mailsPerPage: z.number() }),
});
export type MailDeliveryPage = z.infer<typeof mailDeliveryPageSchema>;

export const mailDeliverySummarySchema = z.object({ failed: z.number(), retrying: z.number() });
export type MailDeliverySummary = z.infer<typeof mailDeliverySummarySchema>;

const kindWords: Record<MailKind, string> = {
  "enquiry-alert": "Enquiry alert to staff",
  "enquiry-confirmation": "Enquiry confirmation",
  "contact-reply": "Reply to an enquiry",
  "password-reset": "Password reset",
  "subscribe-confirmation": "Newsletter confirmation",
};

export const mailDeliveryCopy = {
  kind: (kind: MailKind) => kindWords[kind],
  status: { failed: "Failed", retrying: "Retrying" } satisfies Record<MailTroubleStatus, string>,
  notFound: "This mail is no longer in the outbox",
  notFailed: "Only failed mail can be sent again; this one is already on its way or sent",
  expired: "This message has expired: the link it carries no longer works, so it cannot be sent again",
  retried: "The mail will be sent again in a moment",
  page: {
    title: "Mail delivery",
    description:
      "Account mail that did not go out: confirmations, password resets and enquiry mail. The mail server's answer says why.",
    open: "Mail delivery",
    empty: "No mail in trouble",
    emptyDescription: "Every confirmation, password reset and enquiry mail has gone out.",
    failedFetch: "Failed to load mail delivery",
    allStatuses: "All",
    statusFilter: "Status",
    columns: {
      kind: "Mail",
      to: "To",
      subject: "Subject",
      status: "Status",
      attempts: "Attempts",
      error: "Mail server said",
      created: "Written",
      next: "Next attempt",
    },
    noError: "No answer recorded",
    gaveUp: "Not retried",
    retry: "Retry",
    retryLabel: (to: string) => `Send the mail to ${to} again`,
    confirmTitle: "Send again?",
    confirm: (to: string) =>
      `The mail to ${to} goes back in the outbox and is sent on its next pass. If the mail server refused it for good, fix the cause first (the address, or the mail settings). This is logged.`,
    failedRetry: "Could not send the mail again",
  },
  banner: (failed: number) =>
    failed === 1
      ? "1 account mail could not be sent. Customers may be missing a confirmation or a password reset."
      : `${failed} account mails could not be sent. Customers may be missing a confirmation or a password reset.`,
  bannerLink: "See mail delivery",
};
