import { uiCopy } from "@shop/shared/ui-copy";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { useAppSelector } from "@/app/store/hooks";
import { ActivityIcon, ArrowRightIcon, type IconProps, MailIcon, MessageIcon, PackageIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { type AdminNavLink, isNavGroup, visibleAdminNav } from "@/layouts/admin-nav";
import { usePrincipal } from "@/lib/access";

const stats: { label: string; Icon: ComponentType<IconProps> }[] = [
  { label: uiCopy.admin.stats.products, Icon: PackageIcon },
  { label: uiCopy.admin.stats.contacts, Icon: MessageIcon },
  { label: uiCopy.admin.stats.subscribers, Icon: MailIcon },
  { label: uiCopy.admin.stats.campaigns, Icon: ActivityIcon },
];

/** The screens this user may open, flattened from the sidebar, without the dashboard itself. */
function useQuickLinks(): AdminNavLink[] {
  const principal = usePrincipal();
  return visibleAdminNav(principal)
    .flatMap((item) => (isNavGroup(item) ? item.children : [item]))
    .filter((item) => item.id !== "dashboard");
}

export function DashboardPage() {
  const name = useAppSelector((state) => state.user.userInfo?.name ?? "");
  const quickLinks = useQuickLinks();

  return (
    <>
      <PageHeader title={uiCopy.admin.welcome(name)} description={uiCopy.admin.welcomeText} />
      <section aria-label={uiCopy.admin.nav.dashboard} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map(({ label, Icon }) => (
          <article key={label} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center justify-between">
              <h2 className="text-sm font-medium text-slate-500">{label}</h2>
              <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                <Icon className="size-5" />
              </span>
            </div>
            <p className="mt-4 text-3xl font-bold text-slate-300">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{uiCopy.admin.statPending}</span>
            </p>
          </article>
        ))}
      </section>
      <p className="mt-3 text-xs text-slate-500">{uiCopy.admin.statPending}</p>

      {quickLinks.length > 0 ? (
        <section aria-labelledby="quick-links-title" className="mt-10">
          <h2 id="quick-links-title" className="text-lg font-semibold text-slate-900">
            {uiCopy.admin.quickLinks}
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
      ) : null}
    </>
  );
}
