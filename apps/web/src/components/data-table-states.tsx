import { adminCopy } from "@shop/shared/admin-copy";
import { Button } from "./button";
import type { DataTableEmpty } from "./data-table-model";
import { AlertCircleIcon } from "./icons";

/** Why the list could not be loaded, with a retry: in place of the rows, in either layout. */
export function ListError({ error, onRetry }: { error: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 text-slate-700">
      <AlertCircleIcon className="size-8 text-red-500" />
      <p className="font-medium text-slate-900">{adminCopy.table.loadFailed}</p>
      <p className="text-sm text-slate-600">{error}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {adminCopy.table.retry}
        </Button>
      ) : null}
    </div>
  );
}

export function ListEmpty({ empty }: { empty?: DataTableEmpty }) {
  const state = empty ?? { title: adminCopy.table.noResults, description: adminCopy.table.noResultsText };
  return (
    <>
      <p className="font-semibold text-slate-900">{state.title}</p>
      {state.description ? <p className="mt-1 text-sm text-slate-600">{state.description}</p> : null}
      {state.action ? <div className="mt-4">{state.action}</div> : null}
    </>
  );
}

export const checkboxClass = "size-4 rounded border-slate-300 accent-brand-700";

/** Select all on this page: checked when every row is, half-checked when some are. */
export function SelectAllBox({
  id,
  pageIds,
  selected,
  onToggle,
}: {
  id?: string;
  pageIds: readonly string[];
  selected: readonly string[];
  onToggle: () => void;
}) {
  const selectedOnPage = pageIds.filter((id) => selected.includes(id)).length;
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={adminCopy.table.selectAll}
      className={checkboxClass}
      checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
      ref={(input) => {
        if (input) input.indeterminate = selectedOnPage > 0 && selectedOnPage < pageIds.length;
      }}
      disabled={pageIds.length === 0}
      onChange={onToggle}
    />
  );
}
