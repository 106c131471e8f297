import { imageAtWidth, imageSrcSet } from "@shop/shared/images";
import type { ComponentProps } from "react";

type ResponsiveImageProps = Omit<ComponentProps<"img">, "src" | "srcSet" | "loading" | "width" | "height"> & {
  src: string;
  alt: string;
  /** The intrinsic size, so the browser reserves the box before the file arrives. */
  width: number;
  height: number;
  /** How wide the image is drawn, for the browser to pick a variant (an `<img sizes>` value). */
  sizes: string;
  /** Above the fold (the LCP image): fetched at once and first; everything else waits until it is near. */
  priority?: boolean;
};

/** An uploaded image with its 400/800/1600 variants as srcset; other URLs are shown as they are. */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, ...props }: ResponsiveImageProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={imageAtWidth(src, 800)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      {...props}
    />
  );
}
