import { imageAtWidth } from "@shop/shared/images";
import { ImageIcon } from "./icons";

type ThumbnailProps = {
  src: string | null | undefined;
  alt: string;
  /** Tailwind size classes; the image covers the box. */
  className?: string;
};

/** A small square preview of an uploaded image (its 400 px variant), or a placeholder without one. */
export function Thumbnail({ src, alt, className = "size-12" }: ThumbnailProps) {
  if (!src) {
    return (
      <span
        className={`${className} flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400`}
        title={alt}
      >
        <ImageIcon className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={imageAtWidth(src, 400)}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`${className} shrink-0 rounded-lg bg-slate-100 object-cover`}
    />
  );
}
