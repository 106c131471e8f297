import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";

const page = uiCopy.storePages.smartSwitches;

export function SmartSwitchesPage() {
  return <StorePage title={page.title} intro={page.intro} />;
}
