import { z } from "zod";
import { copy } from "../copy.ts";
import {
  booleanQuery,
  dateQuery,
  line,
  pageQuery,
  paginationSchema,
  searchQuery,
  sortOrderSchema,
  text,
} from "./common.ts";
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
  subject: line(200).pipe(z.string().min(1, copy.validation.required("Subject"))),
  request: text(5000).pipe(z.string().min(1, copy.validation.required("Message"))),
  messageType: z.enum(messageTypes).default("general"),
  /** Storefront enquiries are the website's; the field is kept for clients that send it. */
  createdBy: z
    .literal("website", { error: "Enquiries from the storefront are created by the website" })
    .default("website"),
  /** A field people never see: bots fill it in. */
  website: z.string().max(500).optional(),
});
export type ContactCreate = z.input<typeof contactCreateSchema>;

export const contactSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  messageType: z.string(),
  subject: z.string(),
  request: z.string(),
  /** For the list, from subject and request: "Product: Smart Lock", "Cart: 3 items", else the subject. */
  about: z.string(),
  status: z.enum(contactStatuses),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The staff member looking after it, if any. */
  assignee: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Not actioned and older than the promised response time. */
  overdue: z.boolean(),
});
export type ContactDto = z.infer<typeof contactSchema>;

export const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  pagination: paginationSchema.extend({ totalContacts: z.number(), contactsPerPage: z.number() }),
});

/** "Our team will contact you within 24 hours": an enquiry not actioned by then is overdue. */
export const enquiryResponseHours = 24;

export const contactSortFields = ["createdAt", "updatedAt", "name", "status"] as const;

export const contactListQuerySchema = z.strictObject({
  ...pageQuery,
  search: searchQuery,
  status: z.enum(contactStatuses).optional(),
  messageType: z.enum(messageTypes).optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  /** "me": assigned to the caller; "none": unassigned. */
  assigned: z.enum(["me", "none"]).optional(),
  overdue: booleanQuery.optional(),
  sortBy: z.enum(contactSortFields).default("createdAt"),
  sortOrder: sortOrderSchema,
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** Staff may move a contact to any status (spec section 4) and correct what the visitor typed. */
export const contactUpdateSchema = z
  .strictObject({
    status: z.enum(contactStatuses).optional(),
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    subject: line(200).pipe(z.string().min(1)).optional(),
    messageType: z.enum(messageTypes).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

export const contactCountsSchema = z.object({
  ...(Object.fromEntries(contactStatuses.map((status) => [status, z.number()])) as Record<ContactStatus, z.ZodNumber>),
  total: z.number(),
});
export type ContactCounts = z.infer<typeof contactCountsSchema>;
