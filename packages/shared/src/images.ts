/** Widths the upload pipeline makes for every image, smallest first. */
export const imageWidths = [400, 800, 1600] as const;

const variantPattern = /^(\/uploads\/[\w-]+\/[a-f0-9]+)-(\d+)\.webp$/;

/** For an uploaded image URL, the srcset of all its widths; other URLs have none. */
export function imageSrcSet(url: string): string | undefined {
  const match = variantPattern.exec(url);
  if (!match) return undefined;
  return imageWidths.map((width) => `${match[1]}-${width}.webp ${width}w`).join(", ");
}

/** The URL of one width of an uploaded image (the URL itself for anything else). */
export function imageAtWidth(url: string, width: (typeof imageWidths)[number]): string {
  const match = variantPattern.exec(url);
  return match ? `${match[1]}-${width}.webp` : url;
}

/**
 * How wide the storefront draws its largest images, as `<img sizes>`. The server preloads the same
 * variant the page will pick, so these must be shared, never written twice. The hero banner (12:5)
 * fills the width from 1024 px; narrower it covers a 16:9 box above the words, so it is drawn 135% wide.
 */
export const heroBannerSizes = "(min-width: 1024px) 100vw, 135vw";
export const productImageSizes = "(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw";
