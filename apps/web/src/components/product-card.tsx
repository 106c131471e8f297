import type { ProductDto } from "@shop/shared/schemas/products";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";
import { formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";
import { AddToCartButton } from "./add-to-cart-button";
import { ProductImagePlaceholder } from "./product-image-placeholder";
import { Rating } from "./rating";
import { ResponsiveImage } from "./responsive-image";

type ProductCardProps = {
  product: ProductDto;
  /** The heading level that fits the page's outline (h2 on a grid page, h3 under a section heading). */
  headingLevel?: "h2" | "h3";
  /** The first cards of a page are above the fold: load their images at once. */
  priority?: boolean;
};

/** A product in a grid: image, badges, name (the link; the whole card is clickable), rating, price, add to cart. */
export function ProductCard({ product, headingLevel: Heading = "h3", priority = false }: ProductCardProps) {
  const copy = storefrontCopy.product;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600">
      <div className="relative aspect-square overflow-hidden bg-slate-100">
        {product.image ? (
          <ResponsiveImage
            src={product.image}
            alt=""
            width={800}
            height={800}
            sizes="(min-width: 1280px) 296px, (min-width: 1024px) 30vw, (min-width: 640px) 33vw, 50vw"
            priority={priority}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : (
          <ProductImagePlaceholder />
        )}
        <div className="absolute top-3 left-3 flex flex-col items-start gap-1.5">
          {product.isNew ? (
            <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
              {copy.isNew}
            </span>
          ) : null}
          {product.inStock ? null : (
            <span className="rounded-full bg-slate-900/85 px-2.5 py-0.5 text-xs font-semibold text-white">
              {copy.outOfStock}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.category ? (
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{product.category.name}</p>
        ) : null}
        <Heading className="text-base leading-snug font-semibold text-slate-900">
          <Link
            to={paths.product(product.slug)}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
          >
            {product.name}
          </Link>
        </Heading>
        <Rating value={product.rating} count={product.reviewCount} compact />
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <p className="text-lg font-bold text-slate-900">{formatPrice(product.price)}</p>
          <AddToCartButton product={product} variant="icon" className="relative z-10" />
        </div>
      </div>
    </article>
  );
}
