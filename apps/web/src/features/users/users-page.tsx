import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { UsersIcon } from "@/components/icons";

const page = uiCopy.adminPages.users;

export function UsersPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<UsersIcon className="size-6" />} />;
}
