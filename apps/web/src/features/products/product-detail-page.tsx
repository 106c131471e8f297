import { copy } from "@shop/shared/copy";
import type { ProductDto } from "@shop/shared/schemas/products";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { AddToCartButton } from "@/components/add-to-cart-button";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { Button, buttonClasses } from "@/components/button";
import { ErrorState } from "@/components/error-state";
import { CheckCircleIcon, MessageIcon } from "@/components/icons";
import { Rating } from "@/components/rating";
import { Skeleton } from "@/components/skeleton";
import { messageOf } from "@/lib/api-client";
import { formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";
import { openModal } from "@/modals/modal-store";
import { isNotFound, useProduct } from "./api/get-product";
import { ProductGallery } from "./product-gallery";
import { ProductSpecs } from "./product-specs";
import { RelatedProducts } from "./related-products";

const text = storefrontCopy.product;

function Badge({ tone, children }: { tone: "brand" | "success" | "muted"; children: string }) {
  const tones = {
    brand: "bg-brand-700 text-white",
    success: "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/20",
    muted: "bg-slate-100 text-slate-700 ring-1 ring-slate-500/20",
  };
  return <span className={`rounded-full px-3 py-1 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

function ProductInfo({ product }: { product: ProductDto }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-2">
        {product.isNew ? <Badge tone="brand">{text.isNew}</Badge> : null}
        <Badge tone={product.inStock ? "success" : "muted"}>{product.inStock ? text.inStock : text.outOfStock}</Badge>
      </div>
      <div>
        {product.category ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{product.category.name}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{product.name}</h1>
        <Rating className="mt-3" value={product.rating} count={product.reviewCount} />
      </div>
      <p className="text-3xl font-bold text-slate-900">{formatPrice(product.price)}</p>
      <p className="leading-relaxed text-slate-700">{product.description}</p>
      {product.compatibility.length > 0 ? (
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{text.compatibility}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {product.compatibility.map((value) => (
              <li
                key={value}
                className="flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
              >
                <CheckCircleIcon className="size-4 text-brand-700" />
                {storefrontCopy.compatibility[value]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Stacked, a button keeps its height: flex-1 in a column would shrink it to its text. */}
      <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
        <AddToCartButton product={product} className="sm:flex-1 lg:flex-none" />
        <Button
          variant="outline"
          size="lg"
          className="sm:flex-1 lg:flex-none"
          aria-haspopup="dialog"
          onClick={() => openModal("contact", { productName: product.name })}
        >
          <MessageIcon className="size-5" />
          {text.enquire}
        </Button>
      </div>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-10 lg:grid-cols-2">
      <span className="sr-only">{uiCopy.loading}</span>
      <Skeleton className="aspect-square rounded-3xl" />
      <div className="space-y-4">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-28" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

function ProductNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <title>{uiCopy.storefront.pageTitle(uiCopy.pages.notFoundTitle)}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy.storefront.productNotFound}</h1>
      <p className="mt-3 text-slate-600">{text.notFoundText}</p>
      <Link to={paths.shop} className={buttonClasses("primary", "lg", "mt-8")}>
        {text.backToShop}
      </Link>
    </section>
  );
}

/** /shop/product/:productId — the id or the slug. */
export function ProductDetailPage() {
  const { productId = "" } = useParams();
  const { data: product, isPending, isError, error, refetch } = useProduct(productId);

  let content: ReactNode;
  if (isPending) content = <ProductSkeleton />;
  else if (isError && isNotFound(error)) content = <ProductNotFound />;
  else if (isError || !product) {
    content = (
      <ErrorState
        title={uiCopy.storefront.errors.product}
        description={messageOf(error, uiCopy.storefront.errors.product)}
        onRetry={() => void refetch()}
      />
    );
  } else {
    content = (
      <>
        <title>
          {uiCopy.storefront.pageTitle(storefrontCopy.titles.product(product.name, formatPrice(product.price)))}
        </title>
        <Breadcrumbs
          items={[
            { label: uiCopy.nav.home, to: paths.home },
            { label: uiCopy.nav.shop, to: paths.shop },
            ...(product.category
              ? [{ label: product.category.name, to: paths.shopCategory(product.category.slug) }]
              : []),
            { label: product.name },
          ]}
        />
        <div className="mt-6 grid gap-10 lg:grid-cols-2">
          <ProductGallery name={product.name} images={product.images.length > 0 ? product.images : [product.image]} />
          <ProductInfo product={product} />
        </div>
        <div className="mt-16">
          <ProductSpecs product={product} />
        </div>
        {product.category ? <RelatedProducts productId={product._id} category={product.category} /> : null}
      </>
    );
  }

  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">{content}</div>;
}
