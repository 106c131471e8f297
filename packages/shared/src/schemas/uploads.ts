import { z } from "zod";

export const storedImageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  /** The WebP widths made from it, smallest first. */
  variants: z.array(z.object({ width: z.number(), url: z.string(), size: z.number() })),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

/** POST /api/upload/multiple: `urls` in the order the files came, and each image's details. */
export const uploadResultSchema = z.object({ urls: z.array(z.string()), images: z.array(storedImageSchema) });
