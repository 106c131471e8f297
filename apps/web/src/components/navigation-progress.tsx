import { uiCopy } from "@shop/shared/ui-copy";
import { useNavigationPending } from "@/app/app-router";

/** While the next page's code loads: a bar along the top and a status for screen readers. */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 bg-brand-600 motion-safe:animate-progress" />
      <span className="sr-only">{uiCopy.loading}</span>
    </div>
  );
}
