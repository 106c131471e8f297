import { z } from "zod";
import { copy } from "../copy.ts";
import { idSchema, text } from "./common.ts";
import type { ContactDto } from "./contacts.ts";

/** A reply mailed to the customer, or an internal note: the same bounded text. */
const messageBody = text(5000).pipe(z.string().min(1, copy.validation.required("Message")));

export const contactReplySchema = z.strictObject({ body: messageBody });
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactNoteSchema = z.strictObject({ body: messageBody });

/** null unassigns. */
export const contactAssigneeSchema = z.strictObject({ userId: idSchema.nullable() });
export type ContactAssigneeUpdate = z.infer<typeof contactAssigneeSchema>;

export const conversationKinds = ["request", "reply", "note"] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** Where a reply's email is: queued, handed to the mail server, or given up on. */
export type ReplyDelivery = "pending" | "sent" | "failed";

/** One entry of a contact's conversation: the customer's request, a staff reply or an internal note. */
export type ConversationEntry = {
  _id: string;
  kind: ConversationKind;
  body: string;
  /** The customer for the request; the staff member otherwise (no id once that user is gone). */
  author: { _id: string | null; name: string };
  createdAt: string;
  delivery?: ReplyDelivery;
};

/** GET /contacts/:id: the contact and its conversation, the request first, then in time order. */
export type ContactDetailDto = ContactDto & { conversation: ConversationEntry[] };

/** Someone a contact may be assigned to: an active staff member who may view contacts. */
export type ContactAssigneeDto = { _id: string; name: string; email: string };
