import type { SuppressionDto } from "@shop/shared/schemas/suppressions";
import { suppressionCopy } from "@shop/shared/schemas/suppressions";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { actionsColumn, DataTable, type DataTableColumn } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { messageOf } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useSuppressions } from "./api/get-suppressions";
import { useLiftSuppression } from "./api/lift-suppression";
import { listStateOf } from "./list-state";

const t = suppressionCopy.page;
const filterKeys = ["search"] as const;
const pageSize = 20;

/** After an erasure only the address's hash is on the list: it is named as such, not shown. */
const addressOf = (entry: SuppressionDto) => (entry.email.startsWith("sha256:") ? t.erased : entry.email);

function suppressionColumns(onLift: (entry: SuppressionDto) => void): DataTableColumn<SuppressionDto>[] {
  return [
    {
      id: "email",
      header: t.columns.email,
      cell: (entry) => <span className="font-medium text-slate-900">{addressOf(entry)}</span>,
    },
    { id: "reason", header: t.columns.reason, cell: (entry) => suppressionCopy.reason(entry.reason) },
    {
      id: "since",
      header: t.columns.since,
      className: "whitespace-nowrap",
      cell: (entry) => formatDate(entry.createdAt),
    },
    {
      ...actionsColumn,
      cell: (entry) => (
        <div className="flex justify-end">
          <Button size="sm" variant="outline" aria-label={t.liftLabel(addressOf(entry))} onClick={() => onLift(entry)}>
            {t.lift}
          </Button>
        </div>
      ),
    },
  ];
}

/** /admin/newsletters/suppressions: who no campaign will mail, and lifting an entry (newsletter:update-subscriber). */
export function SuppressionsPage() {
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const search = filters.get("search");
  const suppressions = useSuppressions({ page: filters.page, limit: pageSize, search });
  const lift = useLiftSuppression();
  const [pending, setPending] = useState<SuppressionDto | null>(null);

  const confirmLift = async () => {
    if (!pending) return;
    try {
      await lift.mutateAsync(pending._id);
      toast.success(suppressionCopy.lifted);
      setPending(null);
    } catch {
      // The dialog shows why (lift.error) and stays open.
    }
  };

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <FilterBar>
        <SearchInput
          value={search}
          onSearch={(next) => filters.setFilters({ search: next })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-80"
        />
      </FilterBar>
      <DataTable
        caption={t.title}
        columns={suppressionColumns((entry) => {
          lift.reset();
          setPending(entry);
        })}
        rowKey={(entry) => entry._id}
        {...listStateOf(suppressions, {
          rowsOf: (data) => data.suppressions,
          loading: t.loading,
          empty: { title: t.empty, description: search ? t.emptySearch : undefined },
          error: messageOf(suppressions.error, t.failedFetch),
        })}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={suppressions.data?.pagination.totalSuppressions}
            onPageChange={filters.setPage}
            disabled={suppressions.isFetching}
          />
        }
      />
      {pending ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirm(addressOf(pending), pending.reason)}
          confirmLabel={t.lift}
          isPending={lift.isPending}
          error={lift.isError ? messageOf(lift.error, t.failedLift) : null}
          onConfirm={() => void confirmLift()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
