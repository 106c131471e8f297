import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { StorePage } from "@/components/store-page";
import { useCategories } from "@/features/products/api/get-categories";
import { CategoryTiles } from "./category-tiles";

const page = uiCopy.storePages.category;

/** /category: every category, each leading to its landing page or the filtered shop. */
export function CategoryPage() {
  const { data, isPending, isError, refetch } = useCategories();
  let content = <CategoryTiles categories={data} isLoading={isPending} headingLevel="h2" />;
  if (isError) {
    content = <ErrorState title={uiCopy.storefront.errors.categories} onRetry={() => void refetch()} />;
  } else if (data?.length === 0) {
    content = <EmptyState title={storefrontCopy.categories.empty} />;
  }
  return (
    <StorePage title={page.title} intro={page.intro}>
      {content}
    </StorePage>
  );
}
