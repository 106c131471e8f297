import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { ShieldCheckIcon } from "@/components/icons";

const page = uiCopy.adminPages.roleCreate;

export function RoleCreatePage() {
  return <ComingSoon title={page.title} description={page.description} icon={<ShieldCheckIcon className="size-6" />} />;
}
