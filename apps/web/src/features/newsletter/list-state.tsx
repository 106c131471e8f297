import type { DataTableEmpty } from "@/components/data-table";

type ListQuery<Data> = {
  data: Data | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

type ListStateOptions<Row, Data> = {
  rowsOf: (data: Data) => Row[];
  /** The spec's loading words ("Loading tags..."), shown where the rows will be. */
  loading: string;
  empty: DataTableEmpty;
  /** The words for a failure; the query's error decides them. */
  error: string;
};

/**
 * A list query as the data table's props, with the spec's own words for loading (in place of
 * skeleton rows), empty and failed.
 */
export function listStateOf<Row, Data>(query: ListQuery<Data>, options: ListStateOptions<Row, Data>) {
  const loading = query.isPending && !query.isError;
  return {
    rows: query.data ? options.rowsOf(query.data) : query.isError ? undefined : [],
    isLoading: loading,
    isFetching: query.isFetching,
    error: query.isError && !query.data ? options.error : null,
    onRetry: () => void query.refetch(),
    empty: loading
      ? {
          title: options.loading,
          action: (
            <span
              aria-hidden="true"
              className="inline-block size-6 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600"
            />
          ),
        }
      : options.empty,
  };
}
