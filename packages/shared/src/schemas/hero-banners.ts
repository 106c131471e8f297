import { z } from "zod";
import { linkKind } from "../links.ts";
import { dateQuery, idSchema, line, numeric, text } from "./common.ts";
import { imageUrlSchema } from "./products.ts";

/** A call-to-action goes somewhere in the shop or to an http(s) page; never javascript: and friends. */
const linkSchema = text(500).refine(
  (value) => value === "" || linkKind(value) !== null,
  "Use a path such as /shop or a full http(s) address",
);

/**
 * A banner runs from the start of its first day to the end of its last, in UTC days: the admin's date
 * inputs send bare days, stored as midnight UTC. A date and time counts as the day it names, so every
 * stored bound is a midnight and the storefront can take an end as "until the next midnight".
 */
const bannerDay = dateQuery.transform((value) => value.slice(0, 10));

const bannerFields = {
  title: line(120).pipe(z.string().min(2, "Title must be at least 2 characters")),
  subtitle: text(300).default(""),
  image: imageUrlSchema,
  ctaLabel: line(40).default(""),
  ctaLink: linkSchema.default(""),
  displayOrder: numeric("Display order must be a number").pipe(z.number().int().min(0).max(10_000)).default(0),
  isActive: z.boolean().default(true),
  startsAt: bannerDay.nullable().optional(),
  endsAt: bannerDay.nullable().optional(),
};

/** Both bounds are days, and the end day is shown, so a banner may start and end on the same day. */
export function bannerDatesInOrder(startsAt: string | null | undefined, endsAt: string | null | undefined): boolean {
  return !startsAt || !endsAt || startsAt.slice(0, 10) <= endsAt.slice(0, 10);
}
export const bannerDatesMessage = "The end date cannot be before the start date";

const datesInOrder = (value: { startsAt?: string | null; endsAt?: string | null }) =>
  bannerDatesInOrder(value.startsAt, value.endsAt);
const datesMessage = { message: bannerDatesMessage, path: ["endsAt"] };

export const heroBannerCreateSchema = z.strictObject(bannerFields).refine(datesInOrder, datesMessage);
export type HeroBannerCreate = z.infer<typeof heroBannerCreateSchema>;

export const heroBannerUpdateSchema = z
  .strictObject({
    title: bannerFields.title.optional(),
    subtitle: text(300).optional(),
    image: imageUrlSchema.optional(),
    ctaLabel: line(40).optional(),
    ctaLink: linkSchema.optional(),
    displayOrder: numeric("Display order must be a number").pipe(z.number().int().min(0).max(10_000)).optional(),
    isActive: z.boolean().optional(),
    startsAt: bannerDay.nullable().optional(),
    endsAt: bannerDay.nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" })
  .refine(datesInOrder, datesMessage);
export type HeroBannerUpdate = z.infer<typeof heroBannerUpdateSchema>;

export const heroBannerReorderSchema = z.strictObject({ ids: z.array(idSchema).min(1).max(200) });

export const heroBannerSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  ctaLabel: z.string(),
  ctaLink: z.string(),
  displayOrder: z.number(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HeroBannerDto = z.infer<typeof heroBannerSchema>;
