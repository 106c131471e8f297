import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ArrowRightIcon } from "@/components/icons";
import { ResponsiveImage } from "@/components/responsive-image";
import { Skeleton } from "@/components/skeleton";
import { useCategories } from "@/features/products/api/get-categories";
import { categoryPath } from "./category-links";

const categoryImageSizes = "(min-width: 768px) 33vw, 100vw";

/**
 * One tile per category: picture, name, what it is for, how many products; the whole tile links.
 * It loads the categories itself, so the home page and /category say the same when that fails or finds none.
 */
export function CategoryTiles({ headingLevel: Heading = "h3" }: { headingLevel?: "h2" | "h3" }) {
  const { data: categories, isPending, isError, refetch } = useCategories();
  if (isError) return <ErrorState title={uiCopy.storefront.errors.categories} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <div role="status" aria-busy="true" className="grid gap-6 md:grid-cols-3">
        <span className="sr-only">{uiCopy.loading}</span>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="aspect-[4/3] rounded-3xl" />
        ))}
      </div>
    );
  }
  if (categories.length === 0) return <EmptyState title={storefrontCopy.categories.empty} />;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {categories.map((category) => (
        <li key={category._id}>
          <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl focus-within:ring-2 focus-within:ring-brand-600">
            {/* The whole picture, never cropped (a device cut off at the top shows nothing): contained in the
                frame, with the same picture blurred behind it to fill the sides in its own colours. */}
            <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
              {category.image ? (
                <>
                  <ResponsiveImage
                    src={category.image}
                    alt=""
                    aria-hidden="true"
                    width={800}
                    height={800}
                    sizes={categoryImageSizes}
                    className="absolute inset-0 size-full scale-125 object-cover blur-2xl transition-transform duration-500 group-hover:scale-150"
                  />
                  <ResponsiveImage
                    src={category.image}
                    alt=""
                    width={800}
                    height={800}
                    sizes={categoryImageSizes}
                    className="relative size-full object-contain"
                  />
                </>
              ) : null}
            </div>
            <div className="flex flex-1 flex-col p-6">
              <Heading className="text-xl font-semibold text-slate-900">
                <Link
                  to={categoryPath(category.slug)}
                  className="outline-none after:absolute after:inset-0 after:content-['']"
                >
                  {category.name}
                </Link>
              </Heading>
              <p className="mt-2 flex-1 text-sm text-slate-600">{category.description}</p>
              <p className="mt-5 flex items-center justify-between text-sm font-semibold text-brand-700">
                {storefrontCopy.home.productCount(category.productCount)}
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-1" />
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
