import type { HTMLAttributes } from "react";
import {
  DataTable,
  type DataTableColumn,
  type DataTableEmpty,
  type DataTableSelection,
  tableStateOf,
} from "@/components/data-table";
import { Pagination } from "@/components/pagination";
import type { useClientPage } from "./client-page";

type ListQuery = {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type PickerTableProps<Row> = {
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The load of the (up to 100) items paged here. */
  query: ListQuery;
  page: ReturnType<typeof useClientPage<Row>>;
  loadingText: string;
  errorMessage?: string;
  empty: DataTableEmpty;
  selection?: DataTableSelection<Row>;
  onRowClick?: (row: Row) => void;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
};

/** A picker's list: its own loading words, then the shared table paged on the client, 10 at a time. */
export function PickerTable<Row>({ query, page, loadingText, errorMessage, ...table }: PickerTableProps<Row>) {
  if (query.isPending) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-500">
        {loadingText}
      </p>
    );
  }
  return (
    <DataTable
      {...table}
      rows={query.isError ? undefined : page.rows}
      {...tableStateOf(query, errorMessage)}
      footer={<Pagination page={page.page} pageSize={page.pageSize} total={page.total} onPageChange={page.setPage} />}
    />
  );
}
