import { z } from "zod";
import { line, text } from "./common.ts";

const optionalUrl = text(500).refine(
  (value) => value === "" || /^https?:\/\/[^\s"'<>]+$/.test(value),
  "Use a full http(s) address",
);
/** Mail header values are built from this: no line breaks can ever reach a header. */
const headerSafe = (max: number) => text(max).refine((value) => !/[\r\n]/.test(value), "Line breaks are not allowed");

export const settingsSchema = z.strictObject({
  storeName: headerSafe(80).pipe(z.string().min(2)),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ message: "Please enter a valid email address" })),
  contactPhone: line(40),
  facebookUrl: optionalUrl,
  instagramUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  whatsappUrl: optionalUrl,
  marketplaceUrl: optionalUrl,
  warrantyUrl: optionalUrl,
  /** The sender override; empty means MAIL_FROM (else the built-in default) for every message. */
  mailFromName: headerSafe(80),
  mailFromAddress: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })])),
  /** Where replies to a campaign go (its Reply-To); empty means the contact address above. */
  mailReplyTo: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })])),
  doubleOptIn: z.boolean(),
  /** Soft bounces in a row (a full mailbox, a server away) after which a subscriber counts as bounced. */
  softBouncesToBounce: z.number().int().min(1, "At least 1").max(20, "At most 20"),
  /** "Notify about new enquiries": addresses that get an email for every new contact. */
  enquiryNotifyEmails: z
    .array(
      z
        .string()
        .trim()
        .max(254)
        .pipe(z.email({ message: "Please enter a valid email address" })),
    )
    .max(20, "At most 20 addresses"),
  /** Sends the customer an automatic confirmation of their enquiry (at most one per address per hour). */
  enquiryConfirmation: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
/** An address list as typed: one per line, or separated by commas, semicolons or spaces. */
export const splitAddresses = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The settings form: the same fields, with the enquiry address list as text (one address per line). */
export const settingsFormSchema = settingsSchema.extend({
  enquiryNotifyEmails: z.string().max(6_000).transform(splitAddresses).pipe(settingsSchema.shape.enquiryNotifyEmails),
  /** A number field's text. */
  softBouncesToBounce: z.coerce.number<string | number>().pipe(settingsSchema.shape.softBouncesToBounce),
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;

export const settingsUpdateSchema = settingsSchema.partial().refine((v) => Object.keys(v).length > 0, {
  message: "Nothing to update",
});

/** The settings as the server answers them (the stored values, not checked again on the way out). */
export const settingsDtoSchema = z.object({
  storeName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  facebookUrl: z.string(),
  instagramUrl: z.string(),
  linkedinUrl: z.string(),
  whatsappUrl: z.string(),
  marketplaceUrl: z.string(),
  warrantyUrl: z.string(),
  mailFromName: z.string(),
  mailFromAddress: z.string(),
  mailReplyTo: z.string(),
  doubleOptIn: z.boolean(),
  softBouncesToBounce: z.number(),
  enquiryNotifyEmails: z.array(z.string()),
  enquiryConfirmation: z.boolean(),
}) satisfies z.ZodType<Settings>;

/** What the storefront may read: everything but the mail sender and the mail switches. */
export const publicSettingsSchema = settingsDtoSchema.omit({
  mailFromName: true,
  mailFromAddress: true,
  mailReplyTo: true,
  doubleOptIn: true,
  enquiryNotifyEmails: true,
  enquiryConfirmation: true,
  softBouncesToBounce: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const defaultSettings: Settings = {
  storeName: "Smart Home Shop",
  contactEmail: "support@smarthomeshop.example",
  contactPhone: "+1 (555) 010-0199",
  facebookUrl: "https://www.facebook.com/",
  instagramUrl: "https://www.instagram.com/",
  linkedinUrl: "https://www.linkedin.com/",
  whatsappUrl: "https://wa.me/15550100199",
  marketplaceUrl: "https://www.amazon.com/",
  warrantyUrl: "https://example.com/warranty",
  mailFromName: "",
  mailFromAddress: "",
  mailReplyTo: "",
  doubleOptIn: false,
  softBouncesToBounce: 3,
  enquiryNotifyEmails: [],
  enquiryConfirmation: true,
};

/** The sender when neither Settings nor MAIL_FROM names one (and what the settings once stored as default). */
export const builtInSender = { name: "Smart Home Shop", address: "no-reply@smarthomeshop.example" } as const;
