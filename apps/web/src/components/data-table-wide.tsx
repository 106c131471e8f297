import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { SortIcon } from "./admin-icons";
import { type DataTableLayoutProps, fromControl, nextSort, toggledPageSelection, toggledRow } from "./data-table-model";
import { checkboxClass, ListEmpty, ListError, SelectAllBox } from "./data-table-states";

const cellPadding = "px-4 py-3";

function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="px-6 py-14 text-center">
        {children}
      </td>
    </tr>
  );
}

/** The rows as a table, from the small breakpoint up: sortable headings, one row per item. */
export function WideTable<Row>({
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
}: DataTableLayoutProps<Row>) {
  const pageIds = (rows ?? []).map(rowKey);
  const selected = selection?.selectedIds ?? [];
  const span = columns.length + (selection ? 1 : 0);
  const showSkeleton = isLoading && !rows && !error;

  return (
    // Positioned, so what is absolutely placed inside (screen-reader-only headings) scrolls with the
    // table instead of widening the page.
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm" aria-busy={isLoading || isFetching}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {selection ? (
              <th scope="col" className={`${cellPadding} w-10`}>
                <SelectAllBox
                  pageIds={pageIds}
                  selected={selected}
                  onToggle={() => selection.onChange(toggledPageSelection(selected, pageIds))}
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
              <ListError error={error} onRetry={onRetry} />
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
              <ListEmpty empty={empty} />
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
                        className={checkboxClass}
                        checked={isSelected}
                        onChange={() => selection.onChange(toggledRow(selected, id))}
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
  );
}
