import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { ImageIcon } from "@/components/icons";

const page = uiCopy.adminPages.heroBanners;

export function HeroBannersPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<ImageIcon className="size-6" />} />;
}
