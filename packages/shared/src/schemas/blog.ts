import { z } from "zod";
import { dateQuery, pageQuery, searchQuery, text } from "./common.ts";
import { imageUrlSchema } from "./products.ts";

export const blogSlugParamsSchema = z.strictObject({ slug: text(160).pipe(z.string().min(1)) });

export type BlogPostSummary = {
  _id: string;
  title: string;
  slug: string;
  excerpt: string;
  coverImage: string | null;
  author: string;
  publishedAt: string | null;
  readingMinutes: number;
};

export type BlogPostDto = BlogPostSummary & {
  body: string;
  /** The Markdown body rendered on the server and sanitised with an allow-list. */
  html: string;
};

export const postStatuses = ["draft", "published"] as const;
export type PostStatus = (typeof postStatuses)[number];

const postFields = {
  title: text(160).pipe(z.string().min(2, "Title must be at least 2 characters")),
  slug: text(160)
    .pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and hyphens"))
    .optional(),
  excerpt: text(400).default(""),
  coverImage: imageUrlSchema.nullable().optional(),
  body: text(100_000).pipe(z.string().min(1, "The post needs a body")),
  author: text(100).default(""),
  status: z.enum(postStatuses).default("draft"),
  publishedAt: dateQuery.nullable().optional(),
};

export const postCreateSchema = z.strictObject(postFields);
export type PostCreate = z.infer<typeof postCreateSchema>;

export const postUpdateSchema = z
  .strictObject({
    title: postFields.title.optional(),
    slug: postFields.slug,
    excerpt: text(400).optional(),
    coverImage: postFields.coverImage,
    body: postFields.body.optional(),
    author: text(100).optional(),
    status: z.enum(postStatuses).optional(),
    publishedAt: postFields.publishedAt,
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type PostUpdate = z.infer<typeof postUpdateSchema>;

export const postListQuerySchema = z.strictObject({
  ...pageQuery,
  search: searchQuery,
  status: z.enum(postStatuses).optional(),
});

export const postPreviewSchema = z.strictObject({ body: text(100_000) });

export type AdminPostDto = BlogPostDto & { status: PostStatus; createdAt: string; updatedAt: string };
