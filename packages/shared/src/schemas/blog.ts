import { z } from "zod";
import { text } from "./common.ts";

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
