import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useGrowth } from "../api/get-stats";
import { FunnelAnalysis } from "./funnel-analysis";
import { CampaignsChart, GrowthChart } from "./growth-charts";

const t = campaignUiCopy.stats;
const growthDays = 90;
const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

function Card({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <section className={cardClass} aria-label={title}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Growth() {
  const growth = useGrowth(growthDays);
  if (growth.isPending) {
    return (
      <div className={`${cardClass} flex justify-center py-16`}>
        <Spinner />
      </div>
    );
  }
  if (growth.isError) {
    return (
      <ErrorState
        title={campaignUiCopy.errors.fetchStatistics}
        description={messageOf(growth.error, campaignUiCopy.errors.fetchStatistics)}
        onRetry={() => void growth.refetch()}
      />
    );
  }
  const { days, totals } = growth.data;
  const figures = [
    { key: "subscribed", label: t.totals.subscribed, value: totals.subscribed },
    { key: "unsubscribed", label: t.totals.unsubscribed, value: totals.unsubscribed },
    { key: "bounced", label: t.totals.bounced, value: totals.bounced },
    { key: "campaigns", label: t.totals.campaigns, value: totals.campaigns },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`total-${figure.key}`} className={cardClass}>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{formatCount(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title={t.growthTitle} text={t.growthText(growthDays)}>
          <GrowthChart days={days} />
        </Card>
        <Card title={t.campaignsTitle} text={t.growthText(growthDays)}>
          <CampaignsChart days={days} />
        </Card>
      </div>
    </>
  );
}

/** /admin/newsletters/stats: audience growth and churn, campaigns sent, and the funnel. */
export function StatisticsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title={adminCopy.adminPages.statistics.title}
        description={adminCopy.adminPages.statistics.description}
      />
      <Growth />
      <FunnelAnalysis />
    </div>
  );
}
