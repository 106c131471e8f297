import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { PackageIcon } from "@/components/icons";

const page = uiCopy.adminPages.productEdit;

export function ProductEditPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<PackageIcon className="size-6" />} />;
}
