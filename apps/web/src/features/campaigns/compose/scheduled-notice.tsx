import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { Button } from "@/components/button";
import { InfoIcon } from "@/components/icons";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { useUnscheduleCampaign } from "../api/campaign-actions";

const t = campaignUiCopy.compose;

/** A scheduled campaign in the composer: when it goes, and the way back to a draft. */
export function ScheduledNotice({ id, scheduledAt }: { id: string; scheduledAt: string }) {
  const unschedule = useUnscheduleCampaign();
  const toast = useToast();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <p className="flex items-center gap-2">
        <InfoIcon className="size-5 shrink-0" />
        {t.scheduledFor(formatDateTime(scheduledAt))}
      </p>
      <Button
        variant="outline"
        size="sm"
        isLoading={unschedule.isPending}
        onClick={() =>
          unschedule.mutate(id, {
            onSuccess: () => toast.success(t.unscheduled),
            onError: (error) => toast.error(messageOf(error, campaignUiCopy.errors.updateMail)),
          })
        }
      >
        {t.unschedule}
      </Button>
    </div>
  );
}
