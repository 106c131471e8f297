import { z } from "zod";
import { htmlNestsDeeperThan, markdownNestsDeeperThan } from "../nesting.ts";
import { dateQuery, idSchema, line, pageQuery, paginationSchema, searchQuery, text } from "./common.ts";
import { imageUrlSchema } from "./products.ts";

/**
 * `/api/blog/posts/{post}`: the public read names the post by its slug, the staff writes by its id.
 * One parameter name for both keeps them one path in the API description.
 */
export const blogSlugParamsSchema = z.strictObject({ post: text(160).pipe(z.string().min(1)) });
export const blogIdParamsSchema = z.strictObject({ post: idSchema });

export const blogPostSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  author: z.string(),
  publishedAt: z.string().nullable(),
  readingMinutes: z.number(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  body: z.string(),
  /** The Markdown body rendered on the server and sanitised with an allow-list. */
  html: z.string(),
});
export type BlogPostDto = z.infer<typeof blogPostSchema>;

export const postStatuses = ["draft", "published"] as const;
export type PostStatus = (typeof postStatuses)[number];

/**
 * Quotes and lists a post may nest: real posts use a handful, and the Markdown parser runs out of
 * stack at about 2,000 (nesting.ts); HTML written inside a post, twice as many elements.
 */
export const postNestingLimit = 20;

const postBody = text(100_000)
  .refine((body) => !markdownNestsDeeperThan(body, postNestingLimit), {
    message: `The post nests quotes or lists too deeply (more than ${postNestingLimit} levels)`,
  })
  .refine((body) => !htmlNestsDeeperThan(body, postNestingLimit * 2), {
    message: `The post's HTML is nested too deeply (more than ${postNestingLimit * 2} levels)`,
  });

const postFields = {
  title: line(160).pipe(z.string().min(2, "Title must be at least 2 characters")),
  slug: text(160)
    .pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and hyphens"))
    .optional(),
  excerpt: text(400).default(""),
  coverImage: imageUrlSchema.nullable().optional(),
  body: postBody.pipe(z.string().min(1, "The post needs a body")),
  author: line(100).default(""),
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
    author: line(100).optional(),
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

export const postPreviewSchema = z.strictObject({ body: postBody });

export const adminPostSchema = blogPostSchema.extend({
  status: z.enum(postStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPostDto = z.infer<typeof adminPostSchema>;

/** A row of the admin list: the public summary plus where it stands. */
export const adminPostSummarySchema = blogPostSummarySchema.extend({
  status: z.enum(postStatuses),
  updatedAt: z.string(),
});
export type AdminPostSummary = z.infer<typeof adminPostSummarySchema>;

export const adminPostListSchema = z.object({
  posts: z.array(adminPostSummarySchema),
  pagination: paginationSchema.extend({ totalPosts: z.number(), postsPerPage: z.number() }),
});
export type AdminPostList = z.infer<typeof adminPostListSchema>;

export const postPreviewResultSchema = z.object({ html: z.string() });
