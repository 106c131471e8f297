import { productImageSizes } from "@shop/shared/images";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { useState } from "react";
import { ProductImagePlaceholder } from "@/components/product-image-placeholder";
import { ResponsiveImage } from "@/components/responsive-image";

const copy = storefrontCopy.product;

/** The main image (the page's LCP: fetched first) and, with more than one, thumbnails to switch it. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];

  return (
    <section aria-label={copy.gallery} className="flex flex-col gap-4">
      <div className="aspect-square overflow-hidden rounded-3xl bg-slate-100">
        {current ? (
          <ResponsiveImage
            key={current}
            src={current}
            alt={copy.imageAlt(name, selected + 1)}
            width={800}
            height={800}
            sizes={productImageSizes}
            priority={selected === 0}
            className="size-full object-cover"
          />
        ) : (
          <ProductImagePlaceholder iconClassName="size-24" />
        )}
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={copy.showImage(index + 1)}
                aria-pressed={index === selected}
                className={`block aspect-square w-full overflow-hidden rounded-xl bg-slate-100 ring-2 ring-offset-2 transition focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  index === selected ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"
                }`}
              >
                <ResponsiveImage
                  src={image}
                  alt=""
                  width={120}
                  height={120}
                  sizes="120px"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
