import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ChevronLeftIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/spinner";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { paths } from "@/lib/paths";
import { isRefusal } from "@/lib/refusal";
import { isInFlight, useCampaignDetail } from "../api/get-campaign";
import { campaignKeys } from "../api/keys";
import { CampaignStatusBadge } from "../campaign-status";
import { EmailPreview } from "../email-preview";
import { OutboxBanner } from "../outbox-banner";
import { CampaignLogs } from "./campaign-logs";
import { DeliveryCounts } from "./delivery-counts";
import { RecipientsTable } from "./recipients-table";
import { SendingControls } from "./sending-controls";

const t = campaignUiCopy.detail;
const sectionClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

function Section({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${sectionClass} ${className}`.trim()} aria-label={title}>
      <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** /admin/newsletters/history/email/:emailId: the email as sent, its delivery, recipients and timeline. */
export function EmailDetailPage() {
  const { emailId = "" } = useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const detail = useCampaignDetail(emailId);
  const status = detail.data?.status;
  const live = isInFlight(status);

  // When sending ends, the last recipients and log entries are read once more.
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== status && isInFlight(previous.current)) {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.recipientLists(emailId) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.logs(emailId) });
    }
    previous.current = status;
  }, [status, emailId, queryClient]);

  const back = (
    <Link
      to={paths.admin.emailHistory}
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
    >
      <ChevronLeftIcon className="size-4" />
      {t.back}
    </Link>
  );

  if (detail.isPending) return <PageSpinner />;
  // The server says there is no such campaign (deleted, or a mistyped address): no retry will find it.
  if (detail.isError && isRefusal(detail.error)) {
    return (
      <>
        {back}
        <EmptyState
          title={t.notFound}
          description={messageOf(detail.error)}
          action={
            <Link to={paths.admin.emailHistory} className={buttonClasses("outline")}>
              {t.back}
            </Link>
          }
        />
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        {back}
        <ErrorState
          title={campaignUiCopy.errors.fetchMail}
          description={messageOf(detail.error, campaignUiCopy.errors.fetchMail)}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }

  const campaign = detail.data;
  const dates = [
    { label: t.created, value: campaign.createdAt },
    { label: t.scheduledAt, value: campaign.scheduledAt },
    { label: t.startedAt, value: campaign.startedAt },
    { label: t.sentAt, value: campaign.sentAt },
  ].filter((entry) => entry.value);

  return (
    <>
      {back}
      <PageHeader
        title={campaign.subject}
        description={campaign.preheader || undefined}
        actions={can("newsletter:compose-email") ? <SendingControls campaign={campaign} /> : null}
      />
      {can("newsletter:compose-email") ? <OutboxBanner /> : null}
      <div className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600">
        <span data-testid="campaign-status">
          <CampaignStatusBadge status={campaign.status} />
        </span>
        {dates.map((entry) => (
          <span key={entry.label}>
            <span className="font-medium text-slate-700">{entry.label}:</span> {formatDateTime(entry.value)}
          </span>
        ))}
        {live ? (
          <span role="status" className="text-xs text-amber-700">
            {t.refreshing}
          </span>
        ) : null}
      </div>
      <Section title={t.delivery} className="mb-6">
        <DeliveryCounts recipientCount={campaign.recipientCount} counts={campaign.counts} />
      </Section>
      <div className="mb-6 grid gap-6 xl:grid-cols-3">
        <Section title={t.asSent} className="xl:col-span-2">
          <EmailPreview html={campaign.html} preheader={campaign.preheader} />
        </Section>
        <Section title={t.activity}>
          <CampaignLogs campaignId={campaign._id} live={live} />
        </Section>
      </div>
      <Section title={t.recipients}>
        <RecipientsTable campaignId={campaign._id} live={live} />
      </Section>
    </>
  );
}
