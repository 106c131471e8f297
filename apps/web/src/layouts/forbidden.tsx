import { adminCopy } from "@shop/shared/admin-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { ShieldAlertIcon } from "@/components/icons";
import { paths } from "@/lib/paths";

/** What an admin page shows to a signed-in user whose role lacks its permission. */
export function Forbidden() {
  return (
    <section
      data-testid="forbidden"
      className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center shadow-sm"
    >
      <title>{`${adminCopy.admin.forbiddenTitle} · ${uiCopy.brand}`}</title>
      <div className="mb-4 rounded-full bg-amber-50 p-3 text-amber-600">
        <ShieldAlertIcon className="size-8" />
      </div>
      <h1 className="text-xl font-bold text-slate-900">{adminCopy.admin.forbiddenTitle}</h1>
      <p className="mt-2 text-sm text-slate-600">{adminCopy.admin.forbiddenText}</p>
      <Link to={paths.admin.dashboard} className={buttonClasses("primary", "md", "mt-6")}>
        {adminCopy.admin.backToDashboard}
      </Link>
    </section>
  );
}
