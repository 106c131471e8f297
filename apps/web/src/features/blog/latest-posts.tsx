import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { paths } from "@/lib/paths";
import { site } from "@/lib/site";
import { useBlogPosts } from "./api/get-blog-posts";

const home = uiCopy.home;
/**
 * As lib/format's formatDate writes it ("Mar 5, 2025"), without that module in the first visit's download;
 * in UTC, so the server's markup and the visitor's browser agree on the day (a mismatch breaks hydration).
 */
const dateStyle = { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" } as const;

/**
 * The home page's three latest published posts (the list arrives newest first): title as the link, excerpt,
 * date. Rendered on the server with the page, so its code is in the first visit's download: kept plain.
 */
export function LatestPosts() {
  const { data: posts, isError } = useBlogPosts();
  const state = isError ? uiCopy.storefront.errors.blogPosts : !posts ? uiCopy.loading : posts[0] ? "" : home.noPosts;

  return (
    <section aria-labelledby="latest-posts" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="latest-posts" className="text-3xl font-bold tracking-tight text-slate-900">
          {home.latestPosts}
        </h2>
        <Link to={paths.blog} className="font-semibold text-brand-700">
          {home.allPosts}
        </Link>
      </div>
      {state ? (
        <p role="status" className="mt-8 text-slate-600">
          {state}
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {posts?.slice(0, 3).map((post) => (
            <li key={post._id} className="relative rounded-2xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold text-slate-900">
                <Link to={paths.blogPost(post.slug)} className="after:absolute after:inset-0 hover:text-brand-700">
                  {post.title}
                </Link>
              </h3>
              <p className="mt-2 text-slate-600">{post.excerpt}</p>
              {post.publishedAt ? (
                <time dateTime={post.publishedAt} className="mt-3 block text-sm text-slate-500">
                  {new Date(post.publishedAt).toLocaleDateString(site.locale, dateStyle)}
                </time>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
