import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";

const page = uiCopy.storePages.smartLocks;

export function SmartLocksPage() {
  return <StorePage title={page.title} intro={page.intro} />;
}
