import type { ProductDto } from "@shop/shared/schemas/products";
import { uiCopy } from "@shop/shared/ui-copy";
import { ProductCard } from "./product-card";
import { ProductCardSkeleton } from "./skeleton";

type ProductGridProps = {
  products: ProductDto[] | undefined;
  isLoading: boolean;
  /** How many placeholders to show while loading. */
  skeletons?: number;
  headingLevel?: "h2" | "h3";
  /** How many leading cards are above the fold and get their images at once. */
  priorityCount?: number;
  columns?: "three" | "four";
  /** A row on its own (home, landing and product pages): fewer cards than columns sit centred, at full card width. */
  row?: boolean;
};

/** A row with fewer products than this looks broken; its section is left out instead. */
export const fewestInRow = 2;

const columnClasses = {
  three: "grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6",
  four: "grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4",
};

// A centred row wraps cards as wide as the grid's columns, so a short row lines up with a full one.
const rowCardClasses = {
  three: "w-[calc((100%_-_1rem)/2)] sm:w-[calc((100%_-_3rem)/3)]",
  four: "w-[calc((100%_-_1rem)/2)] sm:w-[calc((100%_-_3rem)/3)] lg:w-[calc((100%_-_4.5rem)/4)]",
};

/** Products in a responsive grid, or card-shaped placeholders while they load. */
export function ProductGrid({
  products,
  isLoading,
  skeletons = 4,
  headingLevel,
  priorityCount = 0,
  columns = "four",
  row = false,
}: ProductGridProps) {
  if (isLoading || !products) {
    return (
      <div role="status" aria-busy="true" className={`grid ${columnClasses[columns]}`}>
        <span className="sr-only">{uiCopy.loading}</span>
        {Array.from({ length: skeletons }, (_, index) => `placeholder-${index}`).map((key) => (
          <ProductCardSkeleton key={key} />
        ))}
      </div>
    );
  }
  return (
    <ul className={row ? "flex flex-wrap justify-center gap-4 sm:gap-6" : `grid ${columnClasses[columns]}`}>
      {products.map((product, index) => (
        <li key={product._id} className={row ? rowCardClasses[columns] : undefined}>
          <ProductCard product={product} headingLevel={headingLevel} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
