import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { ShieldCheckIcon } from "@/components/icons";

const page = uiCopy.adminPages.roleEdit;

export function RoleEditPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<ShieldCheckIcon className="size-6" />} />;
}
