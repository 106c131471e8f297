import { adminCopy } from "@shop/shared/admin-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { paths } from "@/lib/paths";

type NotFoundPageProps = { homePath?: string; homeLabel?: string };

export function NotFoundPage({ homePath = paths.home, homeLabel = uiCopy.pages.backHome }: NotFoundPageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{uiCopy.storefront.pageTitle(uiCopy.pages.notFoundTitle)}</title>
      {/* brand-600 (#0a8377): 4.6:1 on white, 4.4:1 on the back office's slate-50; the lighter brand-200 was 1.4:1. */}
      <p className="text-7xl font-black tracking-tight text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{uiCopy.pages.notFoundTitle}</h1>
      <p className="mt-3 text-slate-600">{uiCopy.pages.notFoundText}</p>
      <Link to={homePath} className={buttonClasses("primary", "lg", "mt-8")}>
        {homeLabel}
      </Link>
    </section>
  );
}

export function AdminNotFoundPage() {
  return <NotFoundPage homePath={paths.admin.dashboard} homeLabel={adminCopy.admin.backToDashboard} />;
}
