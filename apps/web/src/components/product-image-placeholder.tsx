import { PackageIcon } from "./icons";

/**
 * Where the picture of a product saved without images would be: the box keeps its place, with a
 * package drawn in it. Never an <img src="">, which some browsers answer by asking for the page again.
 */
export function ProductImagePlaceholder({ iconClassName = "size-12" }: { iconClassName?: string }) {
  return (
    <div data-placeholder="product-image" className="flex size-full items-center justify-center text-slate-400">
      <PackageIcon className={iconClassName} />
    </div>
  );
}
