import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { messageOf } from "@/lib/api-client";
import { useMediaQuery } from "@/lib/use-media-query";
import { CardList } from "./data-table-cards";
import type { DataTableLayoutProps } from "./data-table-model";
import { WideTable } from "./data-table-wide";

export type {
  DataTableColumn,
  DataTableEmpty,
  DataTableSelection,
  SortState,
} from "./data-table-model";

/** The trailing column of row buttons every admin list has: no visible heading, right-aligned, kept on one line. */
export const actionsColumn = {
  id: "actions",
  header: adminCopy.table.actions,
  hideHeader: true,
  align: "right",
  className: "whitespace-nowrap",
} as const;

type DataTableProps<Row> = DataTableLayoutProps<Row> & {
  /** Pagination, usually. */
  footer?: ReactNode;
};

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

/** Tailwind's `sm`: narrower than this, a table of several columns cannot fit, so rows become cards. */
const wideEnoughForTable = "(min-width: 640px)";

/**
 * The one admin list: sortable headings, selection with select-all on the page, skeleton rows while
 * loading, and empty and error states in place of the rows. A table from 640 px; on a phone each row
 * is a card with its key fields and its buttons (see `DataTableColumn.card`), so nothing scrolls sideways.
 */
export function DataTable<Row>({ footer, ...layout }: DataTableProps<Row>) {
  // Without media queries (the server, unit tests) the table is drawn.
  const wide = useMediaQuery(wideEnoughForTable, true);
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {wide ? <WideTable {...layout} /> : <CardList {...layout} />}
      {footer ? <div className="border-t border-slate-200 px-4 py-3">{footer}</div> : null}
    </div>
  );
}
