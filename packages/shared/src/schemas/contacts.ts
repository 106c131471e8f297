import { z } from "zod";
import { copy } from "../copy.ts";
import { text } from "./common.ts";
import { emailSchema, nameSchema, phoneSchema } from "./users.ts";

export const contactStatuses = ["notActioned", "inProgress", "completed", "cancelled", "rejected", "onHold"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabels: Record<ContactStatus, string> = {
  notActioned: "Not Actioned",
  inProgress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
  rejected: "Rejected",
  onHold: "On Hold",
};

export const messageTypes = ["productRequest", "quoteRequest", "general"] as const;
export type MessageType = (typeof messageTypes)[number];
export const messageTypeLabels: Record<MessageType, string> = {
  productRequest: "Product request",
  quoteRequest: "Quote request",
  general: "General enquiry",
};

/** The enquiry modal's fields (spec section 5), shared by the modal, the cart quote and the contact page. */
export const enquiryFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
});
export type EnquiryFields = z.infer<typeof enquiryFieldsSchema>;

export const contactCreateSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  subject: text(200).pipe(z.string().min(1, copy.validation.required("Subject"))),
  request: text(5000).pipe(z.string().min(1, copy.validation.required("Message"))),
  messageType: z.enum(messageTypes).default("general"),
  createdBy: text(50).default("website"),
  /** A field people never see: bots fill it in. */
  website: z.string().max(500).optional(),
});
export type ContactCreate = z.input<typeof contactCreateSchema>;

export type ContactDto = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  messageType: string;
  subject: string;
  request: string;
  status: ContactStatus;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};
