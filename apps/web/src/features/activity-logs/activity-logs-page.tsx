import { adminCopy } from "@shop/shared/admin-copy";
import { type ActivityStatus, activityStatuses } from "@shop/shared/schemas/activity-logs";
import { DownloadIcon } from "@/components/admin-icons";
import { Button } from "@/components/button";
import { DataTable, tableStateOf } from "@/components/data-table";
import { DateFilter } from "@/components/date-filter";
import { FilterBar } from "@/components/filter-bar";
import { FilterOptions, FilterSelect } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { useUsers } from "@/features/users/api/get-users";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { openModal } from "@/modals/modal-store";
import { activityLogColumns } from "./activity-log-columns";
import { activityModuleOptions } from "./activity-modules";
import { useExportActivityLogs } from "./api/export-activity-logs";
import { type ActivityLogFilters, useActivityLogs } from "./api/get-activity-logs";

const t = adminCopy.activityLog;
const pageSize = 20;
// From 1280 px every filter shares one row: the search takes what the others leave.
const selectClass = "w-full sm:w-44 xl:w-32 xl:min-w-0";
const dateClass = "w-full sm:w-40 xl:shrink-0";
const filterKeys = ["search", "module", "status", "userId", "from", "to"] as const;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const statusOptions = activityStatuses.map((status) => ({ value: status, label: status }));

function statusOf(value: string): ActivityStatus | undefined {
  return activityStatuses.find((status) => status === value);
}

const columns = activityLogColumns({ onView: (log) => openModal("activityLogQuickView", { log }) });

/** /admin/activity-logs: who changed what, and when, filterable and exportable. */
export function ActivityLogsPage() {
  const can = useCan();
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const canListUsers = can("user:view-users");
  const users = useUsers({ page: 1, limit: 100, sortBy: "name", sortOrder: "asc" }, { enabled: canListUsers });
  const exportLogs = useExportActivityLogs();

  const from = filters.get("from");
  const to = filters.get("to");
  const shared: Omit<ActivityLogFilters, "page" | "limit"> = {
    search: filters.get("search") || undefined,
    module: filters.get("module") || undefined,
    status: statusOf(filters.get("status")),
    userId: (canListUsers && filters.get("userId")) || undefined,
    from: isoDate.test(from) ? from : undefined,
    to: isoDate.test(to) ? to : undefined,
  };
  const logs = useActivityLogs({ page: filters.page, limit: pageSize, ...shared });

  const onExport = () =>
    exportLogs.mutate(shared, { onError: (error) => toast.error(messageOf(error, t.exportFailed)) });

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.activityLogs.title}
        description={adminCopy.adminPages.activityLogs.description}
        actions={
          <Button variant="outline" onClick={onExport} isLoading={exportLogs.isPending}>
            {exportLogs.isPending ? null : <DownloadIcon className="size-4" />}
            {t.export}
          </Button>
        }
      />
      <FilterBar onClear={filters.isFiltered ? filters.clear : undefined} className="xl:flex-nowrap">
        <SearchInput
          value={filters.get("search")}
          onSearch={(search) => filters.setFilters({ search })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-72 xl:w-auto xl:min-w-32 xl:flex-1"
        />
        <FilterSelect
          label={t.moduleFilter}
          value={filters.get("module")}
          onChange={(event) => filters.setFilters({ module: event.target.value })}
          className={selectClass}
        >
          <FilterOptions allLabel={t.allModules} options={activityModuleOptions} />
        </FilterSelect>
        <FilterSelect
          label={t.statusFilter}
          value={filters.get("status")}
          onChange={(event) => filters.setFilters({ status: event.target.value })}
          className={selectClass}
        >
          <FilterOptions allLabel={t.allStatuses} options={statusOptions} />
        </FilterSelect>
        {canListUsers ? (
          <FilterSelect
            label={t.userFilter}
            value={filters.get("userId")}
            onChange={(event) => filters.setFilters({ userId: event.target.value })}
            className={selectClass}
          >
            <FilterOptions
              allLabel={t.allUsers}
              options={users.data?.users.map((user) => ({ value: user._id, label: user.name })) ?? []}
            />
          </FilterSelect>
        ) : null}
        <DateFilter
          label={t.from}
          className={dateClass}
          value={from}
          max={to || undefined}
          onChange={(value) => filters.setFilters({ from: value })}
        />
        <DateFilter
          label={t.to}
          className={dateClass}
          value={to}
          min={from || undefined}
          onChange={(value) => filters.setFilters({ to: value })}
        />
      </FilterBar>
      <DataTable
        caption={adminCopy.adminPages.activityLogs.title}
        columns={columns}
        rows={logs.data?.logs}
        rowKey={(log) => log._id}
        {...tableStateOf(logs)}
        empty={{ title: t.empty, description: adminCopy.table.noResultsText }}
        onRowClick={(log) => openModal("activityLogQuickView", { log })}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={logs.data?.pagination.totalLogs}
            onPageChange={filters.setPage}
            disabled={logs.isFetching}
          />
        }
      />
    </>
  );
}
