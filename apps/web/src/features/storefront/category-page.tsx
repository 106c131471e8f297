import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";
import { CategoryTiles } from "./category-tiles";

const page = uiCopy.storePages.category;

/** /category: every category, each leading to its landing page or the filtered shop. */
export function CategoryPage() {
  return (
    <StorePage title={page.title} intro={page.intro}>
      <CategoryTiles headingLevel="h2" />
    </StorePage>
  );
}
