import { adminCopy } from "@shop/shared/admin-copy";
import { audienceCopy } from "@shop/shared/audience-copy";
import { useState } from "react";
import { Button } from "@/components/button";
import { formatCount } from "@/lib/format";

const t = audienceCopy.subscribers;

type SelectionState = { scope: string; ids: string[]; allMatching: boolean };

export type SubscriberSelection = {
  /** The ticked subscribers (kept across pages). */
  ids: string[];
  /** Everyone matching the filter, however many pages that is. */
  allMatching: boolean;
  setIds: (ids: string[]) => void;
  selectAllMatching: () => void;
  clear: () => void;
};

/**
 * The list's selection, Gmail-style: rows ticked page by page, or "all N matching the filter".
 * It belongs to one filter (`scope`): a new search or filter starts with nothing selected.
 */
export function useSubscriberSelection(scope: string): SubscriberSelection {
  const [state, setState] = useState<SelectionState>({ scope, ids: [], allMatching: false });
  const current = state.scope === scope ? state : { scope, ids: [], allMatching: false };
  return {
    ids: current.ids,
    allMatching: current.allMatching,
    setIds: (ids) => setState({ scope, ids, allMatching: false }),
    selectAllMatching: () => setState({ scope, ids: current.ids, allMatching: true }),
    clear: () => setState({ scope, ids: [], allMatching: false }),
  };
}

/** What the table shows ticked: with everyone matching selected, every row on the page is. */
export function tickedIds(selection: SubscriberSelection, pageIds: readonly string[]): string[] {
  if (!selection.allMatching) return selection.ids;
  return [...selection.ids, ...pageIds.filter((id) => !selection.ids.includes(id))];
}

/** How many subscribers an action on the selection reaches. */
export function selectedCountOf(selection: SubscriberSelection, total: number): number {
  return selection.allMatching ? total : selection.ids.length;
}

type SelectionBarProps = {
  selection: SubscriberSelection;
  pageIds: readonly string[];
  total: number;
  /** The total is the server's estimate: it reads "about 100,000". */
  totalIsEstimate?: boolean;
  canAssign: boolean;
  onAssign: () => void;
};

/** Above the table while anything is selected: the count, the offer to select all matching, and the bulk actions. */
export function SelectionBar({
  selection,
  pageIds,
  total,
  totalIsEstimate = false,
  canAssign,
  onAssign,
}: SelectionBarProps) {
  const count = selectedCountOf(selection, total);
  const totalText = totalIsEstimate ? adminCopy.table.about(formatCount(total)) : formatCount(total);
  if (count === 0) return null;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.ids.includes(id));

  return (
    <div
      data-testid="selection-bar"
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-brand-200 bg-brand-50/70 px-4 py-2.5 text-sm"
    >
      <p aria-live="polite" className="font-semibold text-brand-900">
        {t.selected(selection.allMatching ? totalText : formatCount(count))}
      </p>
      {selection.allMatching ? (
        <p className="text-slate-700">{t.allMatchingSelected(totalText)}</p>
      ) : wholePage && total > selection.ids.length ? (
        <p className="text-slate-700">
          {t.pageSelected(pageIds.length)}{" "}
          <button
            type="button"
            onClick={selection.selectAllMatching}
            className="font-semibold text-brand-700 underline hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t.selectAllMatching(totalText)}
          </button>
        </p>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        {canAssign ? (
          <Button size="sm" onClick={onAssign}>
            {t.assignTags}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          {t.clearSelection}
        </Button>
      </div>
    </div>
  );
}
