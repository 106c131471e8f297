import { copy } from "@shop/shared/copy";
import type {
  AdminPostDto,
  BlogPostDto,
  BlogPostSummary,
  PostCreate,
  PostStatus,
  PostUpdate,
} from "@shop/shared/schemas/blog";
import { paginationOf } from "@shop/shared/schemas/common";
import { and, count, desc, eq, ilike, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { slugOfName } from "../../lib/slugs.ts";
import { escapeLike } from "../../lib/sql.ts";
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

export const postMessages = {
  notFound: "Post not found",
  slugTaken: "A post with this slug already exists",
};

function toAdminPost(row: PostRow): AdminPostDto {
  return {
    ...toSummary(row),
    body: row.body,
    html: renderMarkdown(row.body),
    status: row.status as PostStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAllPosts(
  db: Db,
  query: { page: number; limit: number; search?: string | undefined; status?: PostStatus | undefined },
) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(blogPosts.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(ilike(blogPosts.title, pattern), ilike(blogPosts.author, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return {
    posts: rows.map(toSummaryWithStatus),
    pagination: { ...paginationOf(query.page, query.limit, total), totalPosts: total, postsPerPage: query.limit },
  };
}

function toSummaryWithStatus(row: PostRow) {
  return { ...toSummary(row), status: row.status as PostStatus, updatedAt: row.updatedAt.toISOString() };
}

export async function getPost(db: Db, id: string): Promise<AdminPostDto> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(postMessages.notFound);
  return toAdminPost(row);
}

function slugTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(postMessages.slugTaken, { slug: postMessages.slugTaken });
  throw error;
}

/** Publishing without a date publishes now; a draft keeps whatever date it was given. */
function publishDate(status: PostStatus, publishedAt: string | null | undefined, current: Date | null): Date | null {
  if (publishedAt) return new Date(publishedAt);
  if (publishedAt === null) return status === "published" ? new Date() : null;
  return current ?? (status === "published" ? new Date() : null);
}

export async function createPost(db: Db, input: PostCreate): Promise<AdminPostDto> {
  const [row] = await db
    .insert(blogPosts)
    .values({
      title: input.title,
      slug: input.slug ?? slugOfName(input.title, "post"),
      excerpt: input.excerpt,
      coverImage: input.coverImage ?? null,
      body: input.body,
      author: input.author,
      status: input.status,
      publishedAt: publishDate(input.status, input.publishedAt, null),
    })
    .returning()
    .catch(slugTaken);
  if (!row) throw new Error("insert returned nothing");
  return toAdminPost(row);
}

export async function updatePost(db: Db, id: string, input: PostUpdate) {
  const before = await getPost(db, id);
  const status = input.status ?? before.status;
  const [row] = await db
    .update(blogPosts)
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
      ...(input.coverImage !== undefined && { coverImage: input.coverImage }),
      ...(input.body !== undefined && { body: input.body }),
      ...(input.author !== undefined && { author: input.author }),
      ...(input.status !== undefined && { status: input.status }),
      publishedAt: publishDate(status, input.publishedAt, before.publishedAt ? new Date(before.publishedAt) : null),
    })
    .where(eq(blogPosts.id, id))
    .returning()
    .catch(slugTaken);
  if (!row) throw notFound(postMessages.notFound);
  return { before, after: toAdminPost(row) };
}

export async function deletePost(db: Db, id: string): Promise<AdminPostDto> {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  if (!row) throw notFound(postMessages.notFound);
  return toAdminPost(row);
}
