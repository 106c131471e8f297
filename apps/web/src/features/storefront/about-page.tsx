import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";

const page = uiCopy.storePages.about;

export function AboutPage() {
  return <StorePage title={page.title} intro={page.intro} />;
}
