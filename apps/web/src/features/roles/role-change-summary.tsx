import { adminCopy } from "@shop/shared/admin-copy";
import { useEffect, useRef } from "react";
import { CheckCircleIcon } from "@/components/icons";
import { permissionLabelOf } from "./permission-groups";

export type RoleChangeSummary = {
  added: string[];
  removed: string[];
  renamedFrom?: { from: string; to: string };
  descriptionChanged: boolean;
  /** The new setting, only when this save changed it. */
  requireTwoFactor?: boolean;
};

const t = adminCopy.roleAdmin.changes;

function PermissionList({ title, names, tone }: { title: string; names: string[]; tone: "added" | "removed" }) {
  if (names.length === 0) return null;
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {names.map((name) => (
          <li
            key={name}
            className={`rounded-full px-3 py-1 text-xs font-medium ${
              tone === "added" ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800 line-through"
            }`}
          >
            {tone === "added" ? "+ " : "− "}
            {permissionLabelOf(name)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the last save changed, shown on the page after the toast has gone. */
export function RoleChangeSummaryPanel({ summary }: { summary: RoleChangeSummary }) {
  const noPermissionChanges = summary.added.length === 0 && summary.removed.length === 0;
  // Save sits at the foot of a long form: bring the answer into view (where the browser can scroll).
  const panelRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new save's summary scrolls into view again
  useEffect(() => {
    panelRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [summary]);
  return (
    <section
      ref={panelRef}
      role="status"
      aria-label={t.title}
      className="mb-6 rounded-2xl border border-emerald-200 bg-emerald-50/50 p-5"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <CheckCircleIcon className="size-5 text-emerald-600" />
        {t.title}
      </h2>
      <div className="mt-3 space-y-3 text-sm text-slate-700">
        {summary.renamedFrom ? <p>{t.renamed(summary.renamedFrom.from, summary.renamedFrom.to)}</p> : null}
        {summary.descriptionChanged ? <p>{t.descriptionChanged}</p> : null}
        {summary.requireTwoFactor === undefined ? null : (
          <p>{summary.requireTwoFactor ? t.twoFactorRequired : t.twoFactorNotRequired}</p>
        )}
        {noPermissionChanges ? <p>{t.noPermissionChanges}</p> : null}
        <PermissionList title={t.added} names={summary.added} tone="added" />
        <PermissionList title={t.removed} names={summary.removed} tone="removed" />
      </div>
    </section>
  );
}
