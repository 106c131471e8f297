import { uiCopy } from "@shop/shared/ui-copy";
import { mainContentId } from "@/lib/main-content";

export function SkipLink() {
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[80] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-800 focus:shadow-lg focus:outline-2 focus:outline-brand-600"
    >
      {uiCopy.skipToContent}
    </a>
  );
}
