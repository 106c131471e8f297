import { z } from "zod";
import { normaliseEmail } from "../email-address.ts";

// Our Content-Security-Policy forbids eval: tell zod not to probe for it (it would report a CSP violation).
z.config({ jitless: true });

/** The last page a list serves. */
export const maxPage = 100_000;

/** Query strings arrive as text: these coerce and bound them. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(maxPage).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

export const sortOrderSchema = z.enum(["asc", "desc"]).default("desc");

export const idSchema = z.uuid({ message: "Invalid id" });
export const idParamsSchema = z.strictObject({ id: idSchema });

export const booleanQuery = z.enum(["true", "false"]).transform((v) => v === "true");

/** PostgreSQL text cannot hold NUL; every free-text field goes through this. */
export function text(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((value) => !value.includes("\u0000"), "Invalid characters");
}

/**
 * Control characters (line breaks and tabs among them), direction overrides and isolates, and
 * invisible characters. Zero-width joiners (U+200C, U+200D) stay: scripts and emoji need them.
 */
const notOnOneLine =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
  /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/**
 * A name, a subject, a label: one line of visible text. A line break in a visitor's name made a line
 * of its own in the staff's alert mail; direction overrides and invisible characters make two names
 * look alike, or one read backwards, in lists and the activity log.
 */
export function line(max: number) {
  return text(max).refine(
    (value) => !notOnOneLine.test(value),
    "Use one line of text, without line breaks, tabs, invisible or text-direction characters",
  );
}

/**
 * A number in a JSON body: a number, or the text of one in plain decimal as a form's input sends it
 * (" 12.5 "). Never hex, binary or an exponent ("0x1F" was 31), and never "", null, true or a list,
 * which z.coerce turns into 0, 0, 1 and the list's one item.
 */
export function numeric(message: string) {
  return z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,15}(\.\d{1,15})?$/, message)
        .transform(Number),
    ],
    {
      message,
    },
  );
}

export const searchQuery = text(200).optional();

/** An address as the shop keeps it (normaliseEmail: lower case, a domain in punycode), or `message`. */
export function emailAddress(message: string) {
  return z
    .string({ message })
    .trim()
    .max(254, message)
    .transform(normaliseEmail)
    .pipe(z.string().max(254, message).pipe(z.email({ message })));
}

/** A day (YYYY-MM-DD) or a full ISO timestamp, for date-range filters. */
export const dateQuery = z.iso.datetime({ offset: true }).or(z.iso.date());

export const paginationSchema = z.object({ currentPage: z.number(), totalPages: z.number() });
export type Pagination = z.infer<typeof paginationSchema>;

export function paginationOf(page: number, limit: number, total: number) {
  return {
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}

export type ApiEnvelope<T> = {
  success: boolean;
  message: string;
  data?: T;
  errors?: Record<string, string>;
};

/** The answer to a request that was refused: a message, and per-field messages when input was invalid. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** A 409 in the API description: what the write would clash with. */
export const conflictResponse = (reason: string) => errorResponseSchema.describe(reason);

/** A success with nothing to return but its message. */
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/**
 * A success carrying `data`. As a route's response schema it is also what Fastify serialises with,
 * so a field the schema does not list never leaves the server.
 */
export function okResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}
