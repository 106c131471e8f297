import { adminCopy } from "@shop/shared/admin-copy";
import type { HTMLAttributes, MouseEvent, ReactNode } from "react";
import { messageOf } from "@/lib/api-client";
import { SortIcon } from "./admin-icons";
import { Button } from "./button";
import { AlertCircleIcon } from "./icons";

export type SortOrder = "asc" | "desc";
export type SortState = { key: string; order: SortOrder };

export type DataTableColumn<Row> = {
  id: string;
  /** The column's heading; also names its sort button. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Sortable by this key (the API's `sortBy` value) when set. */
  sortKey?: string;
  /** What a first click sorts by: dates read newest first, names A to Z. */
  firstSortOrder?: SortOrder;
  /** The heading is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  align?: "left" | "right";
  className?: string;
};

/** The trailing column of row buttons every admin list has: no visible heading, right-aligned, kept on one line. */
export const actionsColumn = {
  id: "actions",
  header: adminCopy.table.actions,
  hideHeader: true,
  align: "right",
  className: "whitespace-nowrap",
} as const;

export type DataTableSelection<Row> = {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** Names the row's checkbox: "Select Jane Doe". */
  rowLabel: (row: Row) => string;
};

export type DataTableEmpty = { title: string; description?: string; action?: ReactNode };

type DataTableProps<Row> = {
  /** The table's accessible name. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  /** Undefined until the first page arrives. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** First load: skeleton rows stand in for the data. */
  isLoading?: boolean;
  /** A later page or filter is loading: the rows shown are dimmed until it arrives. */
  isFetching?: boolean;
  /** Why the list could not be loaded; replaces the rows. */
  error?: string | null;
  onRetry?: () => void;
  empty?: DataTableEmpty;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: DataTableSelection<Row>;
  /** A click anywhere on the row that is not a control: keyboard users need a button in a cell for the same. */
  onRowClick?: (row: Row) => void;
  /** More attributes for a row's `<tr>`: the drag-and-drop handlers of a reorderable list. */
  rowProps?: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement>;
  skeletonRows?: number;
  /** Pagination, usually. */
  footer?: ReactNode;
};

const cellPadding = "px-4 py-3";

type ListQuery = { isPending: boolean; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** A list query's loading, refreshing and failure, as the table's props. */
export function tableStateOf(query: ListQuery, fallbackMessage?: string) {
  return {
    isLoading: query.isPending,
    isFetching: query.isFetching,
    error: query.isError ? messageOf(query.error, fallbackMessage) : null,
    onRetry: () => void query.refetch(),
  };
}

function nextSort(current: SortState | null | undefined, key: string, firstOrder: SortOrder): SortState {
  if (current?.key === key) return { key, order: current.order === "asc" ? "desc" : "asc" };
  return { key, order: firstOrder };
}

/** The rows' ids with the page's ids added, or removed when all of them were already selected. */
export function toggledPageSelection(selected: readonly string[], pageIds: readonly string[]): string[] {
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (allSelected) return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}

function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest("a, button, input, select, textarea, label") !== null;
}

function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="px-6 py-14 text-center">
        {children}
      </td>
    </tr>
  );
}

/**
 * The one admin list table: sortable headings, selection with select-all on the page,
 * skeleton rows while loading, and empty and error states in place of the rows.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  isFetching = false,
  error = null,
  onRetry,
  empty,
  sort,
  onSortChange,
  selection,
  onRowClick,
  rowProps,
  skeletonRows = 5,
  footer,
}: DataTableProps<Row>) {
  const pageIds = (rows ?? []).map(rowKey);
  const selected = selection?.selectedIds ?? [];
  const selectedOnPage = pageIds.filter((id) => selected.includes(id)).length;
  const span = columns.length + (selection ? 1 : 0);
  const showSkeleton = isLoading && !rows && !error;
  const emptyState = empty ?? { title: adminCopy.table.noResults, description: adminCopy.table.noResultsText };

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm" aria-busy={isLoading || isFetching}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {selection ? (
                <th scope="col" className={`${cellPadding} w-10`}>
                  <input
                    type="checkbox"
                    aria-label={adminCopy.table.selectAll}
                    className="size-4 rounded border-slate-300 accent-brand-700"
                    checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                    ref={(input) => {
                      if (input) input.indeterminate = selectedOnPage > 0 && selectedOnPage < pageIds.length;
                    }}
                    disabled={pageIds.length === 0}
                    onChange={() => selection.onChange(toggledPageSelection(selected, pageIds))}
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const { sortKey } = column;
                const direction = sortKey && sort?.key === sortKey ? sort.order : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={
                      sortKey
                        ? direction === "asc"
                          ? "ascending"
                          : direction === "desc"
                            ? "descending"
                            : "none"
                        : undefined
                    }
                    className={`${cellPadding} whitespace-nowrap ${column.align === "right" ? "text-right" : ""} ${column.className ?? ""}`}
                  >
                    {column.hideHeader ? (
                      <span className="sr-only">{column.header}</span>
                    ) : sortKey && onSortChange ? (
                      <button
                        type="button"
                        onClick={() => onSortChange(nextSort(sort, sortKey, column.firstSortOrder ?? "asc"))}
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        {column.header}
                        <SortIcon order={direction} className={`size-3.5 ${direction ? "" : "text-slate-400"}`} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={`divide-y divide-slate-100 ${isFetching && !isLoading ? "opacity-60" : ""}`}>
            {error ? (
              <MessageRow span={span}>
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
              </MessageRow>
            ) : showSkeleton ? (
              Array.from({ length: skeletonRows }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <tr key={index} data-testid="skeleton-row">
                  {Array.from({ length: span }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <td key={cell} className={cellPadding}>
                      <span className="block h-4 animate-pulse rounded bg-slate-200" />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows && rows.length === 0 ? (
              <MessageRow span={span}>
                <p className="font-semibold text-slate-900">{emptyState.title}</p>
                {emptyState.description ? (
                  <p className="mt-1 text-sm text-slate-600">{emptyState.description}</p>
                ) : null}
                {emptyState.action ? <div className="mt-4">{emptyState.action}</div> : null}
              </MessageRow>
            ) : (
              rows?.map((row, index) => {
                const id = rowKey(row);
                const isSelected = selected.includes(id);
                const extra = rowProps?.(row, index);
                return (
                  <tr
                    key={id}
                    {...extra}
                    onClick={onRowClick ? (event) => !fromControl(event) && onRowClick(row) : undefined}
                    className={`${isSelected ? "bg-brand-50/60" : "hover:bg-slate-50"} ${onRowClick ? "cursor-pointer" : ""} ${extra?.className ?? ""}`}
                  >
                    {selection ? (
                      <td className={cellPadding}>
                        <input
                          type="checkbox"
                          aria-label={adminCopy.table.selectRow(selection.rowLabel(row))}
                          className="size-4 rounded border-slate-300 accent-brand-700"
                          checked={isSelected}
                          onChange={() =>
                            selection.onChange(
                              isSelected ? selected.filter((other) => other !== id) : [...selected, id],
                            )
                          }
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={`${cellPadding} align-top text-slate-700 ${column.align === "right" ? "text-right" : ""} ${column.className ?? ""}`}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {footer ? <div className="border-t border-slate-200 px-4 py-3">{footer}</div> : null}
    </div>
  );
}
