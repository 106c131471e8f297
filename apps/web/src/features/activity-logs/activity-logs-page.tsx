import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { ActivityIcon } from "@/components/icons";

const page = uiCopy.adminPages.activityLogs;

export function ActivityLogsPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<ActivityIcon className="size-6" />} />;
}
