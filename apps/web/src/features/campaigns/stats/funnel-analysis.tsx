import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { FunnelDto } from "@shop/shared/schemas/campaigns";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { Button } from "@/components/button";
import { messageOf } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { openModal } from "@/modals/modal-store";
import { useFunnel } from "../api/get-stats";
import { formatPercent, rateOf } from "../rates";

const t = campaignUiCopy.stats;
const steps = ["recipients", "sent", "delivered", "opened", "clicked"] as const;
type Choice = { _id: string; subject: string } | null;

function FunnelBars({ funnel }: { funnel: FunnelDto }) {
  const top = Math.max(funnel.recipients, 1);
  return (
    <ol className="space-y-3" aria-label={t.funnelTitle}>
      {steps.map((step, index) => {
        const value = funnel[step];
        const previous = index > 0 ? funnel[steps[index - 1] ?? "recipients"] : value;
        return (
          <li key={step} data-testid={`funnel-${step}`}>
            <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-slate-700">{t.steps[step]}</span>
              <span className="text-slate-900">
                <strong className="font-semibold">{formatCount(value)}</strong>
                {index > 0 ? <span className="ml-2 text-xs text-slate-500">{rateOf(value, previous)}</span> : null}
              </span>
            </div>
            <div className="h-3 overflow-hidden rounded-full bg-slate-100">
              <div
                className="h-full rounded-full bg-brand-600 transition-[width]"
                style={{ width: `${Math.min(100, (value / top) * 100)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <div data-testid={testId} className="rounded-xl border border-slate-200 p-4">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

function FunnelFigures({ funnel }: { funnel: FunnelDto }) {
  const { rates } = funnel;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3">
        <Figure label={t.rates.delivery} value={formatPercent(rates.delivery)} testId="rate-delivery" />
        <Figure label={t.rates.open} value={formatPercent(rates.open)} testId="rate-open" />
        <Figure label={t.rates.click} value={formatPercent(rates.click)} testId="rate-click" />
        <Figure label={t.rates.clickToOpen} value={formatPercent(rates.clickToOpen)} testId="rate-click-to-open" />
      </dl>
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label={t.unsubscribes}
          value={formatCount(funnel.unsubscribed)}
          note={`${t.rates.unsubscribe}: ${formatPercent(rates.unsubscribe)}`}
          testId="funnel-unsubscribed"
        />
        <Figure
          label={t.bounces}
          value={formatCount(funnel.bounced)}
          note={`${t.rates.bounce}: ${formatPercent(rates.bounce)}${funnel.softBounced > 0 ? ` · ${t.softBounces(formatCount(funnel.softBounced))}` : ""}`}
          testId="funnel-bounced"
        />
        <Figure
          label={t.complaints}
          value={formatCount(funnel.complained)}
          note={`${t.rates.complaint}: ${formatPercent(rates.complaint)}`}
          testId="funnel-complained"
        />
        <Figure label={t.failed} value={formatCount(funnel.failed)} testId="funnel-failed" />
        <Figure
          label={t.prefetchOpens}
          value={formatCount(funnel.prefetchOpens)}
          note={t.prefetchHint}
          testId="funnel-prefetch"
        />
      </dl>
    </div>
  );
}

function TopLinks({ links }: { links: FunnelDto["topLinks"] }) {
  return (
    <div>
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{t.topLinks}</h3>
      {links.length === 0 ? (
        <p className="text-sm text-slate-500">{t.noClicks}</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="top-links">
          {links.map((link) => (
            <li key={link.url} className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm">
              <span className="min-w-0 truncate font-mono text-xs text-slate-700" title={link.url}>
                {link.url}
              </span>
              <span className="shrink-0 font-medium text-slate-900">
                {t.clicks(link.clicks, formatCount(link.clicks))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Funnel Analysis for one campaign or All Campaigns, chosen with the Campaign picker. */
export function FunnelAnalysis() {
  const [campaign, setCampaign] = useState<Choice>(null);
  const funnel = useFunnel(campaign?._id ?? null);

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="funnel-title">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="funnel-title" className="text-base font-semibold text-slate-900">
            {t.funnelTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="funnel-scope">
            {t.funnelOf(campaign?.subject ?? t.allCampaigns)}
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() =>
            openModal("campaignFilter", { selectedCampaignId: campaign?._id ?? null, onSelect: setCampaign })
          }
        >
          {t.chooseCampaign}
        </Button>
      </div>
      {funnel.isPending ? (
        <p className="text-sm text-slate-500">{uiCopy.loading}</p>
      ) : funnel.isError ? (
        <div role="alert" className="flex items-center justify-between gap-3 text-sm text-red-700">
          {messageOf(funnel.error, campaignUiCopy.errors.fetchStatistics)}
          <Button variant="outline" size="sm" onClick={() => void funnel.refetch()}>
            {adminCopy.table.retry}
          </Button>
        </div>
      ) : (
        <div className={`grid gap-8 lg:grid-cols-2 ${funnel.isFetching ? "opacity-60" : ""}`}>
          <div className="space-y-6">
            {funnel.data.recipients === 0 ? <p className="text-sm text-slate-500">{t.noData}</p> : null}
            <FunnelBars funnel={funnel.data} />
            <TopLinks links={funnel.data.topLinks} />
          </div>
          <FunnelFigures funnel={funnel.data} />
        </div>
      )}
    </section>
  );
}
