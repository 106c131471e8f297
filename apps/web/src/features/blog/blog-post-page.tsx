import { copy } from "@shop/shared/copy";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Link, useParams } from "react-router";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { buttonClasses } from "@/components/button";
import { ErrorState } from "@/components/error-state";
import { ArrowRightIcon } from "@/components/icons";
import { ResponsiveImage } from "@/components/responsive-image";
import { Skeleton } from "@/components/skeleton";
import { ApiError, messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useBlogPost } from "./api/get-blog-post";
import { PostMeta } from "./blog-card";

const text = storefrontCopy.blog;

/**
 * Typography for the post body. The HTML comes from the server, rendered from Markdown and sanitised
 * there with an allow-list — the only raw HTML the storefront shows.
 */
const prose = [
  "text-lg leading-relaxed text-slate-700",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-slate-900",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:text-base [&_th]:border-b [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-slate-100 [&_td]:py-2",
  "[&_img]:mt-6 [&_img]:rounded-2xl",
].join(" ");

function PostNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <title>{uiCopy.storefront.pageTitle(uiCopy.pages.notFoundTitle)}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy.storefront.postNotFound}</h1>
      <Link to={paths.blog} className={buttonClasses("primary", "lg", "mt-8")}>
        {text.backToBlog}
      </Link>
    </section>
  );
}

/** /blog/:slug */
export function BlogPostPage() {
  const { slug = "" } = useParams();
  const { data: post, isPending, isError, error, refetch } = useBlogPost(slug);

  let content = (
    <div role="status" aria-busy="true" className="space-y-6">
      <span className="sr-only">{uiCopy.loading}</span>
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="aspect-[12/5] rounded-3xl" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
  if (isError && error instanceof ApiError && error.status === 404) content = <PostNotFound />;
  else if (isError) {
    content = (
      <ErrorState
        title={uiCopy.storefront.errors.blogPost}
        description={messageOf(error, uiCopy.storefront.errors.blogPost)}
        onRetry={() => void refetch()}
      />
    );
  } else if (!isPending) {
    content = (
      <article>
        <title>{uiCopy.storefront.pageTitle(post.title)}</title>
        <Breadcrumbs
          items={[
            { label: uiCopy.nav.home, to: paths.home },
            { label: uiCopy.storePages.blog.title, to: paths.blog },
            { label: post.title },
          ]}
        />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{post.title}</h1>
        <div className="mt-4">
          <PostMeta post={post} />
        </div>
        {post.coverImage ? (
          <div className="mt-8 aspect-[12/5] overflow-hidden rounded-3xl bg-slate-100">
            <ResponsiveImage
              src={post.coverImage}
              alt=""
              width={1600}
              height={667}
              sizes="(min-width: 768px) 768px, 100vw"
              priority
              className="size-full object-cover"
            />
          </div>
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server with an allow-list */}
        <div className={`mt-8 ${prose}`} dangerouslySetInnerHTML={{ __html: post.html }} />
        <Link
          to={paths.blog}
          className="mt-12 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          <ArrowRightIcon className="size-4 rotate-180" />
          {text.backToBlog}
        </Link>
      </article>
    );
  }

  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{content}</div>;
}
