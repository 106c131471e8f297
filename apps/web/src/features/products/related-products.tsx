import type { CategoryRef } from "@shop/shared/schemas/products";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { fewestInRow, ProductGrid } from "@/components/product-grid";
import { pageLists, relatedProductsShown as shown, useProducts } from "./api/get-products";

/** Up to four other products of the same category; nothing at all when fewer than two would show. */
export function RelatedProducts({ productId, category }: { productId: string; category: CategoryRef }) {
  const { data, isPending, isError } = useProducts(pageLists.related(category.slug));
  const related = data?.products.filter((product) => product._id !== productId).slice(0, shown);
  if (isError || (related && related.length < fewestInRow)) return null;

  return (
    <section aria-labelledby="related-title" className="mt-16 border-t border-slate-100 pt-12">
      <h2 id="related-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {storefrontCopy.product.related}
      </h2>
      <div className="mt-6">
        <ProductGrid products={related} isLoading={isPending} skeletons={shown} row />
      </div>
    </section>
  );
}
