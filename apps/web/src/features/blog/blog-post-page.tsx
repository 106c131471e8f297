import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";

export function BlogPostPage() {
  return <StorePage eyebrow={uiCopy.storePages.blog.title} title={uiCopy.storePages.blogPost.title} />;
}
