import { z } from "zod";
import { copy } from "../copy.ts";
import { idSchema, text } from "./common.ts";
import { contactSchema } from "./contacts.ts";

/** A reply mailed to the customer, or an internal note: the same bounded text. */
const messageBody = text(5000).pipe(z.string().min(1, copy.validation.required("Message")));

export const contactReplySchema = z.strictObject({ body: messageBody });
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactNoteSchema = z.strictObject({ body: messageBody });

/** null unassigns. */
export const contactAssigneeSchema = z.strictObject({ userId: idSchema.nullable() });
export type ContactAssigneeUpdate = z.infer<typeof contactAssigneeSchema>;

export const conversationKinds = ["request", "reply", "note"] as const;

/** Where a reply's email is: queued, handed to the mail server, or given up on. */
export const replyDeliveries = ["pending", "sent", "failed"] as const;
export type ReplyDelivery = (typeof replyDeliveries)[number];

/** One entry of a contact's conversation: the customer's request, a staff reply or an internal note. */
export const conversationEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(conversationKinds),
  body: z.string(),
  /** The customer for the request; the staff member otherwise (no id once that user is gone). */
  author: z.object({ _id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  delivery: z.enum(replyDeliveries).optional(),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;

/** GET /contacts/:id: the contact and its conversation, the request first, then in time order. */
export const contactDetailSchema = contactSchema.extend({ conversation: z.array(conversationEntrySchema) });
export type ContactDetailDto = z.infer<typeof contactDetailSchema>;

/** Someone a contact may be assigned to: an active staff member who may view contacts. */
export const contactAssigneeDtoSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type ContactAssigneeDto = z.infer<typeof contactAssigneeDtoSchema>;
