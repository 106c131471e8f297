import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Skeleton } from "@/components/skeleton";
import { StorePage } from "@/components/store-page";
import { messageOf } from "@/lib/api-client";
import { useBlogPosts } from "./api/get-blog-posts";
import { BlogCard } from "./blog-card";

const page = uiCopy.storePages.blog;
const copy = storefrontCopy.blog;

/** /blog: every published post, newest first. */
export function BlogPage() {
  const { data: posts, isPending, isError, error, refetch } = useBlogPosts();

  let content = (
    <div role="status" aria-busy="true" className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{uiCopy.loading}</span>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-96 rounded-3xl" />
      ))}
    </div>
  );
  if (isError) {
    content = (
      <ErrorState
        title={uiCopy.storefront.errors.blogPosts}
        description={messageOf(error, uiCopy.storefront.errors.blogPosts)}
        onRetry={() => void refetch()}
      />
    );
  } else if (!isPending && posts.length === 0) {
    content = <EmptyState title={copy.empty} description={copy.emptyText} />;
  } else if (!isPending) {
    content = (
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <li key={post._id}>
            <BlogCard post={post} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <StorePage title={page.title} intro={page.intro}>
      {content}
    </StorePage>
  );
}
