import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { MailIcon } from "@/components/icons";

const page = uiCopy.adminPages.emailHistory;

export function EmailHistoryPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<MailIcon className="size-6" />} />;
}
