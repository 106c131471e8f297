import { mailDeliveryCopy } from "@shop/shared/schemas/mail-delivery";
import { Link } from "react-router";
import { AlertCircleIcon } from "@/components/icons";
import { adminAccess, useCan } from "@/lib/access";
import { paths } from "@/lib/paths";
import { useMailDeliverySummary } from "./api/get-mail-delivery-summary";

/**
 * Says so when account mail failed for good: nobody else tells the shop that customers got no
 * confirmation or reset link. Only for those who may see and retry it; nothing while all is well.
 */
export function MailDeliveryBanner() {
  const can = useCan();
  const allowed = can(adminAccess.mailDelivery);
  const summary = useMailDeliverySummary(allowed);
  const failed = summary.data?.failed ?? 0;
  if (!allowed || failed === 0) return null;
  return (
    <div
      role="status"
      data-testid="mail-delivery-banner"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <AlertCircleIcon className="size-5 shrink-0" />
      <p className="flex-1">{mailDeliveryCopy.banner(failed)}</p>
      <Link to={paths.admin.mailDelivery} className="font-semibold underline underline-offset-2 hover:text-red-700">
        {mailDeliveryCopy.bannerLink}
      </Link>
    </div>
  );
}
