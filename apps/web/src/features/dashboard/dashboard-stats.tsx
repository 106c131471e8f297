import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { inboxCopy } from "@shop/shared/inbox-copy";
import type { ContactCounts } from "@shop/shared/schemas/contacts";
import type { DashboardData } from "@shop/shared/schemas/dashboard";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { ActivityIcon, type IconProps, MailIcon, MessageIcon, PackageIcon } from "@/components/icons";
import { formatCount } from "@/lib/format";
import { paths } from "@/lib/paths";

const t = backofficeCopy.dashboard;
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

type Stat = {
  id: string;
  label: string;
  value: number;
  detail: string;
  Icon: ComponentType<IconProps>;
  /** A warning that links to the list behind it (overdue enquiries). */
  alert?: { label: string; to: string };
};

/** Enquiries still waiting on someone: everything not completed, cancelled or rejected. */
export function openEnquiries(counts: ContactCounts): number {
  return counts.notActioned + counts.inProgress + counts.onHold;
}

/** One card for each block the viewer may see, in a fixed order. */
export function statsOf(data: DashboardData): Stat[] {
  const stats: Stat[] = [];
  if (data.products) {
    const { active, inactive, outOfStock } = data.products;
    stats.push({
      id: "products",
      label: t.products,
      value: active,
      detail: t.productsDetail(inactive, outOfStock),
      Icon: PackageIcon,
    });
  }
  if (data.contacts) {
    stats.push({
      id: "contacts",
      label: t.openEnquiries,
      value: openEnquiries(data.contacts.byStatus),
      detail: t.openEnquiriesDetail(data.contacts.newThisWeek),
      Icon: MessageIcon,
      ...(data.contacts.overdue > 0 && {
        alert: { label: inboxCopy.overdueCount(data.contacts.overdue), to: paths.admin.contactsOverdue },
      }),
    });
  }
  if (data.subscribers) {
    stats.push({
      id: "subscribers",
      label: t.subscribers,
      value: data.subscribers.subscribed,
      detail: t.subscribersDetail(data.subscribers.total),
      Icon: MailIcon,
    });
  }
  if (data.campaigns) {
    stats.push({
      id: "campaigns",
      label: t.campaigns,
      value: data.campaigns.sent,
      detail: t.campaignsDetail(percent.format(data.campaigns.averageOpenRate)),
      Icon: ActivityIcon,
    });
  }
  return stats;
}

export function DashboardStats({ data }: { data: DashboardData }) {
  const stats = statsOf(data);
  if (stats.length === 0) return null;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {stats.map(({ id, label, value, detail, Icon, alert }) => (
        <li key={id} data-testid={`stat-${id}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-medium text-slate-500">{label}</h2>
            <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
              <Icon className="size-5" />
            </span>
          </div>
          <p className="mt-4 flex items-center gap-3">
            <span className="text-3xl font-bold text-slate-900 tabular-nums">{formatCount(value)}</span>
            {alert ? (
              <Link
                to={alert.to}
                title={inboxCopy.overdueTitle}
                data-testid={`stat-${id}-alert`}
                className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset hover:bg-red-100"
              >
                {alert.label}
              </Link>
            ) : null}
          </p>
          <p className="mt-1 text-xs text-slate-500">{detail}</p>
        </li>
      ))}
    </ul>
  );
}
