import { copy } from "@shop/shared/copy";
import type { BlogPostDto, BlogPostSummary } from "@shop/shared/schemas/blog";
import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import { readingMinutes, renderMarkdown } from "./markdown.ts";

type PostRow = typeof blogPosts.$inferSelect;

function toSummary(row: PostRow): BlogPostSummary {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    author: row.author,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    readingMinutes: readingMinutes(row.body),
  };
}

const isPublished = (now: Date) => and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, now));

export async function listPublishedPosts(db: Db, now = new Date()): Promise<BlogPostSummary[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(isPublished(now))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(100);
  return rows.map(toSummary);
}

export async function getPublishedPost(db: Db, slug: string, now = new Date()): Promise<BlogPostDto> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished(now)));
  if (!row) throw notFound(copy.storefront.postNotFound);
  return { ...toSummary(row), body: row.body, html: renderMarkdown(row.body) };
}
