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
