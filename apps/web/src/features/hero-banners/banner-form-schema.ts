import { backofficeCopy } from "@shop/shared/backoffice-copy";
import {
  type HeroBannerCreate,
  type HeroBannerDto,
  type HeroBannerUpdate,
  heroBannerCreateSchema,
} from "@shop/shared/schemas/hero-banners";
import { z } from "zod";

/**
 * The banner form as typed (dates from date inputs, the image as a one-item upload list), checked
 * by the shared create schema itself — its field rules and its "end not before start" rule — so the
 * form and the API can never disagree.
 */
export const bannerFormSchema = z
  .object({
    title: z.string(),
    subtitle: z.string(),
    image: z.array(z.string()).max(1),
    ctaLabel: z.string(),
    ctaLink: z.string(),
    displayOrder: z.union([z.string(), z.number()]),
    isActive: z.boolean(),
    /** YYYY-MM-DD, or "" for no bound. */
    startsAt: z.string(),
    endsAt: z.string(),
  })
  .transform((values, context): HeroBannerCreate => {
    const [image] = values.image;
    if (!image) {
      context.addIssue({ code: "custom", message: backofficeCopy.banners.form.imageRequired, path: ["image"] });
    }
    const parsed = heroBannerCreateSchema.safeParse({
      ...values,
      image: image ?? "",
      displayOrder: values.displayOrder === "" ? 0 : values.displayOrder,
      startsAt: values.startsAt || null,
      endsAt: values.endsAt || null,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "image" && !image) continue;
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

export type BannerFormInput = z.input<typeof bannerFormSchema>;

/** An ISO timestamp as the date input's YYYY-MM-DD (the API stores a bare date as midnight UTC). */
function dayOf(value: string | null): string {
  return value ? value.slice(0, 10) : "";
}

export function bannerFormDefaults(banner?: HeroBannerDto, nextOrder = 0): BannerFormInput {
  return {
    title: banner?.title ?? "",
    subtitle: banner?.subtitle ?? "",
    image: banner?.image ? [banner.image] : [],
    ctaLabel: banner?.ctaLabel ?? "",
    ctaLink: banner?.ctaLink ?? "",
    displayOrder: String(banner?.displayOrder ?? nextOrder),
    isActive: banner?.isActive ?? true,
    startsAt: dayOf(banner?.startsAt ?? null),
    endsAt: dayOf(banner?.endsAt ?? null),
  };
}

/** Only what differs from the banner as loaded (dates compared by day, as the form shows them). */
export function bannerChangesOf(banner: HeroBannerDto, values: HeroBannerCreate): HeroBannerUpdate {
  const startsAt = values.startsAt ?? null;
  const endsAt = values.endsAt ?? null;
  return {
    ...(values.title !== banner.title && { title: values.title }),
    ...(values.subtitle !== banner.subtitle && { subtitle: values.subtitle }),
    ...(values.image !== banner.image && { image: values.image }),
    ...(values.ctaLabel !== banner.ctaLabel && { ctaLabel: values.ctaLabel }),
    ...(values.ctaLink !== banner.ctaLink && { ctaLink: values.ctaLink }),
    ...(values.displayOrder !== banner.displayOrder && { displayOrder: values.displayOrder }),
    ...(values.isActive !== banner.isActive && { isActive: values.isActive }),
    ...((startsAt ?? "") !== dayOf(banner.startsAt) && { startsAt }),
    ...((endsAt ?? "") !== dayOf(banner.endsAt) && { endsAt }),
  };
}
