import type { BlogPostSummary } from "@shop/shared/schemas/blog";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";
import { ResponsiveImage } from "@/components/responsive-image";
import { formatDay } from "@/lib/format";
import { paths } from "@/lib/paths";

const copy = storefrontCopy.blog;

export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
      <span>{copy.by(post.author)}</span>
      {post.publishedAt ? (
        <>
          <span aria-hidden="true">·</span>
          <time dateTime={post.publishedAt}>{formatDay(post.publishedAt)}</time>
        </>
      ) : null}
      <span aria-hidden="true">·</span>
      <span>{copy.minutes(post.readingMinutes)}</span>
    </p>
  );
}

/** A post in the list: cover, title (the link; the whole card is clickable), excerpt, author and date. */
export function BlogCard({ post, priority = false }: { post: BlogPostSummary; priority?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:shadow-xl focus-within:ring-2 focus-within:ring-brand-600">
      <div className="aspect-[12/5] overflow-hidden bg-slate-100">
        {post.coverImage ? (
          <ResponsiveImage
            src={post.coverImage}
            alt=""
            width={800}
            height={334}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            priority={priority}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h2 className="text-xl leading-snug font-semibold text-slate-900">
          <Link
            to={paths.blogPost(post.slug)}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h2>
        <p className="flex-1 text-slate-600">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}
