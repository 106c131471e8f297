import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";

const page = uiCopy.storePages.privacy;

export function PrivacyPage() {
  return <StorePage title={page.title} intro={page.intro} />;
}
