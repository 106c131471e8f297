import { uiCopy } from "@shop/shared/ui-copy";
import { ComingSoon } from "@/components/coming-soon";
import { MessageIcon } from "@/components/icons";

const page = uiCopy.adminPages.contacts;

export function ContactsPage() {
  return <ComingSoon title={page.title} description={page.description} icon={<MessageIcon className="size-6" />} />;
}
