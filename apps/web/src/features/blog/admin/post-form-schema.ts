import type { AdminPostDto, PostCreate, PostUpdate } from "@shop/shared/schemas/blog";
import { postCreateSchema } from "@shop/shared/schemas/blog";
import { dateQuery } from "@shop/shared/schemas/common";
import { z } from "zod";

const fields = postCreateSchema.shape;

/** The post form, with the shared post rules; "" is an empty slug (the server derives one) or no date. */
export const postFormSchema = z
  .object({
    title: fields.title,
    slug: z.union([z.literal(""), fields.slug.unwrap()]),
    excerpt: fields.excerpt,
    coverImage: z.array(z.string()).max(1),
    body: fields.body,
    author: fields.author,
    status: fields.status,
    publishedAt: z.union([z.literal(""), dateQuery]),
  })
  .transform(
    (values): PostCreate => ({
      title: values.title,
      ...(values.slug !== "" && { slug: values.slug }),
      excerpt: values.excerpt,
      coverImage: values.coverImage[0] ?? null,
      body: values.body,
      author: values.author,
      status: values.status,
      publishedAt: values.publishedAt || null,
    }),
  );

export type PostFormInput = z.input<typeof postFormSchema>;

const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : "");

export function postFormDefaults(post?: AdminPostDto): PostFormInput {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    coverImage: post?.coverImage ? [post.coverImage] : [],
    body: post?.body ?? "",
    author: post?.author ?? "",
    status: post?.status ?? "draft",
    publishedAt: dayOf(post?.publishedAt),
  };
}

/** Only what differs from the post as loaded; the date compared by day, as the form shows it. */
export function postChangesOf(post: AdminPostDto, values: PostCreate): PostUpdate {
  const coverImage = values.coverImage ?? null;
  return {
    ...(values.title !== post.title && { title: values.title }),
    ...(values.slug !== undefined && values.slug !== post.slug && { slug: values.slug }),
    ...(values.excerpt !== post.excerpt && { excerpt: values.excerpt }),
    ...(coverImage !== post.coverImage && { coverImage }),
    ...(values.body !== post.body && { body: values.body }),
    ...(values.author !== post.author && { author: values.author }),
    ...(values.status !== post.status && { status: values.status }),
    ...(dayOf(values.publishedAt) !== dayOf(post.publishedAt) && { publishedAt: values.publishedAt ?? null }),
  };
}
