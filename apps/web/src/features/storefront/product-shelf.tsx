import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";
import { ArrowRightIcon } from "@/components/icons";
import { fewestInRow, ProductGrid } from "@/components/product-grid";
import { type ProductListParams, useProducts } from "@/features/products/api/get-products";
import { paths } from "@/lib/paths";

type ProductShelfProps = { id: string; title: string; text: string; params: ProductListParams };

/** A titled row of products on the home page; it stays out of the way with fewer than two to show. */
export function ProductShelf({ id, title, text, params }: ProductShelfProps) {
  const { data, isPending, isError } = useProducts(params);
  if (isError || (data && data.products.length < fewestInRow)) return null;
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8 lg:pb-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          <p className="mt-3 text-slate-600">{text}</p>
        </div>
        <Link
          to={paths.shop}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {storefrontCopy.home.viewAll}
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <div className="mt-8">
        <ProductGrid products={data?.products} isLoading={isPending} skeletons={4} row />
      </div>
    </section>
  );
}
