import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import { Link } from "react-router";
import { formatDateTime } from "@/lib/format";
import { paths } from "@/lib/paths";
import { openModal } from "@/modals/modal-store";

const t = backofficeCopy.dashboard;

const dotTone: Record<string, string> = {
  Success: "bg-emerald-500",
  Warning: "bg-amber-500",
  Info: "bg-sky-500",
};

/** The newest activity log entries; each opens its detail modal. */
export function LatestActivity({ entries, canOpenAll }: { entries: ActivityLogDto[]; canOpenAll: boolean }) {
  return (
    <section aria-labelledby="latest-activity" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="latest-activity" className="text-base font-semibold text-slate-900">
          {t.latestActivity}
        </h2>
        {canOpenAll ? (
          <Link to={paths.admin.activityLogs} className="text-sm font-medium text-brand-700 hover:underline">
            {t.viewAllActivity}
          </Link>
        ) : null}
      </div>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{t.noActivity}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {entries.map((entry) => (
            <li key={entry._id}>
              <button
                type="button"
                onClick={() => openModal("activityLogQuickView", { log: entry })}
                className="flex w-full items-start gap-3 rounded-lg px-1 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {/* Anything not Success, Warning or Info reads as a failure (spec section 4). */}
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${dotTone[entry.status] ?? "bg-red-500"}`}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm text-slate-900">{entry.description || entry.action}</span>
                  <span className="block text-xs text-slate-500">
                    {entry.userId?.name ?? adminCopy.activityLog.system} · {formatDateTime(entry.createdAt)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
