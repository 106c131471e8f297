import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Button } from "@/components/button";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useCampaignLogs } from "../api/get-logs";

const t = campaignUiCopy.detail;

const dotColours: Record<string, string> = {
  created: "bg-slate-400",
  scheduled: "bg-sky-500",
  unscheduled: "bg-slate-400",
  started: "bg-brand-600",
  paused: "bg-amber-500",
  resumed: "bg-brand-600",
  cancelled: "bg-amber-600",
  finished: "bg-emerald-600",
};

/** The campaign's timeline, oldest first: created, scheduled, started, paused, resumed, finished, errors. */
export function CampaignLogs({ campaignId, live }: { campaignId: string; live: boolean }) {
  const logs = useCampaignLogs(campaignId, { live });
  if (logs.isPending) return <p className="text-sm text-slate-500">{uiCopy.loading}</p>;
  if (logs.isError) {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-red-700">
        {messageOf(logs.error, campaignUiCopy.errors.fetchLogs)}
        <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
          {adminCopy.table.retry}
        </Button>
      </div>
    );
  }
  if (logs.data.length === 0) return <p className="text-sm text-slate-500">{t.noLogs}</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="campaign-logs">
      {logs.data.map((log) => (
        <li key={log._id} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[26px] size-2.5 rounded-full ring-4 ring-white ${dotColours[log.event] ?? "bg-red-500"}`}
          />
          <p className="text-sm font-semibold text-slate-900">{t.events[log.event] ?? log.event}</p>
          {log.message ? <p className="text-sm text-slate-600">{log.message}</p> : null}
          <p className="text-xs text-slate-500">
            <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
