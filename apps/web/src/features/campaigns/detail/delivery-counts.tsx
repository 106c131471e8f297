import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignCounts } from "@shop/shared/schemas/campaigns";
import { formatCount } from "@/lib/format";
import { rateOf } from "../rates";

const t = campaignUiCopy.detail;

type Figure = { key: string; label: string; value: number; rate?: string; tone?: string };

/** Each count with its rate beside it: delivered of recipients; opens, clicks and unsubscribes of delivered. */
export function deliveryFigures(recipientCount: number, counts: CampaignCounts): Figure[] {
  const recipients = Math.max(recipientCount, 0);
  const delivered = counts.sent;
  const of = (part: number, whole: number, name: string) => t.rateOf(rateOf(part, whole), name);
  return [
    { key: "recipients", label: t.counts.recipients, value: recipients },
    { key: "queued", label: t.counts.queued, value: counts.queued + counts.sending },
    {
      key: "sent",
      label: t.counts.sent,
      value: delivered,
      rate: of(delivered, recipients, t.ofRecipients),
      tone: "text-emerald-700",
    },
    { key: "opened", label: t.counts.opened, value: counts.opened, rate: of(counts.opened, delivered, t.ofDelivered) },
    {
      key: "clicked",
      label: t.counts.clicked,
      value: counts.clicked,
      rate: `${of(counts.clicked, delivered, t.ofDelivered)} · ${of(counts.clicked, counts.opened, t.ofOpened)}`,
    },
    {
      key: "unsubscribed",
      label: t.counts.unsubscribed,
      value: counts.unsubscribed,
      rate: of(counts.unsubscribed, delivered, t.ofDelivered),
    },
    {
      key: "bounced",
      label: t.counts.bounced,
      value: counts.bounced,
      rate: of(counts.bounced, recipients, t.ofRecipients),
      tone: "text-red-700",
    },
    {
      key: "complained",
      label: t.counts.complained,
      value: counts.complained,
      rate: of(counts.complained, delivered, t.ofDelivered),
      tone: "text-red-700",
    },
    {
      key: "failed",
      label: t.counts.failed,
      value: counts.failed,
      rate: of(counts.failed, recipients, t.ofRecipients),
      tone: "text-red-700",
    },
    {
      key: "skipped",
      label: t.counts.skipped,
      value: counts.skipped,
      rate: of(counts.skipped, recipients, t.ofRecipients),
    },
  ];
}

export function DeliveryCounts({ recipientCount, counts }: { recipientCount: number; counts: CampaignCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {deliveryFigures(recipientCount, counts).map((figure) => (
        <div
          key={figure.key}
          data-testid={`count-${figure.key}`}
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{figure.label}</dt>
          <dd className={`mt-1 text-2xl font-bold ${figure.value > 0 && figure.tone ? figure.tone : "text-slate-900"}`}>
            {formatCount(figure.value)}
          </dd>
          {figure.rate ? <dd className="mt-0.5 text-xs text-slate-500">{figure.rate}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
