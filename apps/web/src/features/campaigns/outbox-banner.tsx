import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { AlertCircleIcon } from "@/components/icons";
import { useDelivery } from "./api/compose-support";

/** Says so when mail only lands in the outbox folder (no SMTP server configured). */
export function OutboxBanner() {
  const delivery = useDelivery();
  if (delivery.data?.transport !== "outbox") return null;
  return (
    <div
      role="status"
      data-testid="outbox-banner"
      className="mb-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <AlertCircleIcon className="size-5 shrink-0" />
      <p>
        <strong className="font-semibold">{campaignUiCopy.compose.outboxTitle}: </strong>
        {delivery.data.message}
      </p>
    </div>
  );
}
