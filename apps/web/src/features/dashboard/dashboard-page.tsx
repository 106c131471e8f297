import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { useAppSelector } from "@/app/store/hooks";
import { ErrorState } from "@/components/error-state";
import { ArrowRightIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/spinner";
import { MailDeliveryBanner } from "@/features/settings/mail-delivery-banner";
import { type AdminNavLink, isNavGroup, visibleAdminNav } from "@/layouts/admin-nav";
import { useCan, usePrincipal } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { useDashboard } from "./api/get-dashboard";
import { DashboardStats } from "./dashboard-stats";
import { LatestActivity } from "./latest-activity";

const t = backofficeCopy.dashboard;

// Recharts is in a chunk of its own, kept out of the storefront's first visit. It starts downloading as
// soon as this page's code runs, alongside the dashboard request, not once the figures are in; and the
// page shows its cards and charts together (one Suspense), so the charts never spin on their own.
const charts = import("./dashboard-charts");
const ContactsByStatusChart = lazy(() => charts.then((m) => ({ default: m.ContactsByStatusChart })));
const SubscriberGrowthChart = lazy(() => charts.then((m) => ({ default: m.SubscriberGrowthChart })));

/** The screens this user may open, flattened from the sidebar, without the dashboard itself. */
function useQuickLinks(): AdminNavLink[] {
  const principal = usePrincipal();
  return visibleAdminNav(principal)
    .flatMap((item) => (isNavGroup(item) ? item.children : [item]))
    .filter((item) => item.id !== "dashboard");
}

function ChartCard({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-4 text-sm text-slate-500">{text}</p>
      {children}
    </section>
  );
}

function QuickLinks() {
  const quickLinks = useQuickLinks();
  if (quickLinks.length === 0) return null;
  return (
    <section aria-labelledby="quick-links-title" className="mt-10">
      <h2 id="quick-links-title" className="text-lg font-semibold text-slate-900">
        {adminCopy.admin.quickLinks}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {quickLinks.map((link) => (
          <li key={link.id}>
            <Link
              to={link.to}
              className="group flex items-center justify-between rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-800 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {link.label}
              <ArrowRightIcon className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin: cards, charts and the latest activity — each block only for those allowed to see it. */
export function DashboardPage() {
  const name = useAppSelector((state) => state.user.userInfo?.name ?? "");
  const can = useCan();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const empty = data && !data.products && !data.contacts && !data.subscribers && !data.campaigns && !data.activity;
  const spinner = (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner />
    </div>
  );

  return (
    <>
      <PageHeader title={adminCopy.admin.welcome(name)} description={adminCopy.admin.welcomeText} />
      <MailDeliveryBanner />
      {dashboard.isPending ? (
        spinner
      ) : dashboard.isError ? (
        <ErrorState
          title={t.failed}
          description={messageOf(dashboard.error, t.failed)}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <Suspense fallback={spinner}>
          <div className="space-y-6">
            <DashboardStats data={dashboard.data} />
            {empty ? <p className="text-sm text-slate-600">{t.nothingToShow}</p> : null}
            {data?.contacts || data?.subscribers ? (
              <div className="grid gap-6 xl:grid-cols-2">
                {data.contacts ? (
                  <ChartCard id="contacts-by-status" title={t.contactsByStatus} text={t.contactsByStatusText}>
                    <ContactsByStatusChart counts={data.contacts.byStatus} />
                  </ChartCard>
                ) : null}
                {data.subscribers ? (
                  <ChartCard id="subscriber-growth" title={t.subscriberGrowth} text={t.subscriberGrowthText}>
                    <SubscriberGrowthChart growth={data.subscribers.growth} />
                  </ChartCard>
                ) : null}
              </div>
            ) : null}
            {data?.activity ? <LatestActivity entries={data.activity} canOpenAll={can("activitylog")} /> : null}
          </div>
        </Suspense>
      )}
      <QuickLinks />
    </>
  );
}
