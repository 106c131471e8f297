import { adminCopy } from "@shop/shared/admin-copy";
import { audienceCopy } from "@shop/shared/audience-copy";
import { tagListers } from "@shop/shared/permissions";
import { idSchema } from "@shop/shared/schemas/common";
import {
  type SubscriberDto,
  type SubscriberFilter,
  type SubscriberStatus,
  subscriberSortFields,
  subscriberStatuses,
} from "@shop/shared/schemas/newsletter";
import { suppressionCopy } from "@shop/shared/schemas/suppressions";
import { useState } from "react";
import { Link } from "react-router";
import { DownloadIcon } from "@/components/admin-icons";
import { Button, buttonClasses } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type SortState } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { FilterOptions, FilterSelect } from "@/components/form-field";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { openModal } from "@/modals/modal-store";
import { useDeleteSubscriber } from "./api/delete-subscriber";
import { useExportSubscribers } from "./api/export-subscribers";
import { type SubscriberListFilters, type SubscriberSortKey, useSubscribers } from "./api/get-subscribers";
import { useTags } from "./api/get-tags";
import { listStateOf } from "./list-state";
import { subscriberColumns } from "./subscriber-columns";
import { SelectionBar, selectedCountOf, tickedIds, useSubscriberSelection } from "./subscriber-selection";

const t = audienceCopy.subscribers;
const pageSize = 20;
const filterKeys = ["search", "status", "tag", "sortBy", "sortOrder"] as const;
const statusOptions = subscriberStatuses.map((status) => ({ value: status, label: audienceCopy.statuses[status] }));

function statusOf(value: string): SubscriberStatus | undefined {
  return subscriberStatuses.find((status) => status === value);
}

function sortKeyOf(value: string): SubscriberSortKey | undefined {
  return subscriberSortFields.find((key) => key === value);
}

/** /admin/newsletters/subscribers: the audience, filtered by search, status and tag in the URL. */
export function SubscribersPage() {
  const can = useCan();
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const canEdit = can("newsletter:update-subscriber");
  const canDelete = can("newsletter:delete-subscriber");
  // The API lists tags to whoever tags subscribers, manages tags or writes campaigns.
  const canListTags = can(tagListers);
  const tags = useTags("", { enabled: canListTags });

  const tag = filters.get("tag");
  const sortBy = sortKeyOf(filters.get("sortBy"));
  const sortOrder = filters.get("sortOrder") === "asc" ? "asc" : "desc";
  const filter: SubscriberFilter = {
    search: filters.get("search") || undefined,
    status: statusOf(filters.get("status")),
    tagIds: idSchema.safeParse(tag).success ? [tag] : undefined,
  };
  const query: SubscriberListFilters = {
    page: filters.page,
    limit: pageSize,
    ...filter,
    ...(sortBy && { sortBy, sortOrder }),
  };
  const subscribers = useSubscribers(query);
  const rows = subscribers.data?.subscribers ?? [];
  const total = subscribers.data?.pagination.totalSubscribers ?? 0;
  const totalIsEstimate = subscribers.data?.pagination.totalIsEstimate ?? false;
  const pageIds = rows.map((row) => row._id);
  const selection = useSubscriberSelection(JSON.stringify(filter));

  const exportCsv = useExportSubscribers();
  const deleteSubscriber = useDeleteSubscriber();
  const [pendingDelete, setPendingDelete] = useState<SubscriberDto | null>(null);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteSubscriber.mutateAsync(pendingDelete._id);
      toast.success(t.deleted);
      selection.setIds(selection.ids.filter((id) => id !== pendingDelete._id));
      setPendingDelete(null);
    } catch {
      // The dialog shows why (deleteSubscriber.error) and stays open.
    }
  };

  const assignTags = () =>
    openModal("assignTags", {
      selectedCount: selectedCountOf(selection, total),
      subscriberIds: selection.allMatching ? [] : selection.ids,
      ...(selection.allMatching && { filter }),
      onAssigned: selection.clear,
    });

  const columns = subscriberColumns({
    canEdit,
    canDelete,
    onView: (subscriber) => openModal("subscriberQuickView", { subscriberId: subscriber._id }),
    onEdit: (subscriber) =>
      openModal("editSubscriber", {
        subscriberId: subscriber._id,
        email: subscriber.email,
        tagIds: subscriber.tags.map((item) => item._id),
      }),
    onDelete: (subscriber) => {
      deleteSubscriber.reset();
      setPendingDelete(subscriber);
    },
  });

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.subscribers.title}
        description={adminCopy.adminPages.subscribers.description}
        actions={
          <>
            <Button
              variant="outline"
              isLoading={exportCsv.isPending}
              onClick={() =>
                exportCsv.mutate(filter, { onError: (error) => toast.error(messageOf(error, t.exportFailed)) })
              }
            >
              {exportCsv.isPending ? null : <DownloadIcon className="size-4" />}
              {t.exportCsv}
            </Button>
            {canEdit ? (
              <Link to={paths.admin.suppressions} className={buttonClasses("outline")}>
                {suppressionCopy.page.open}
              </Link>
            ) : null}
            {canEdit ? (
              <Button onClick={() => openModal("bulkImport", {})}>
                <PlusIcon className="size-4" />
                {t.importCsv}
              </Button>
            ) : null}
          </>
        }
      />
      <FilterBar onClear={filters.isFiltered ? filters.clear : undefined}>
        <SearchInput
          value={filters.get("search")}
          onSearch={(search) => filters.setFilters({ search })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-72"
        />
        <FilterSelect
          label={t.statusFilter}
          value={filter.status ?? ""}
          onChange={(event) => filters.setFilters({ status: event.target.value })}
          className="w-full sm:w-44"
        >
          <FilterOptions allLabel={t.allStatuses} options={statusOptions} />
        </FilterSelect>
        {canListTags ? (
          <FilterSelect
            label={t.tagFilter}
            value={tag}
            onChange={(event) => filters.setFilters({ tag: event.target.value })}
            className="w-full sm:w-48"
          >
            <FilterOptions
              allLabel={t.allTags}
              options={tags.data?.map((item) => ({ value: item._id, label: item.name })) ?? []}
            />
          </FilterSelect>
        ) : null}
      </FilterBar>
      <SelectionBar
        selection={selection}
        pageIds={pageIds}
        total={total}
        totalIsEstimate={totalIsEstimate}
        canAssign={canEdit}
        onAssign={assignTags}
      />
      <DataTable
        caption={adminCopy.adminPages.subscribers.title}
        columns={columns}
        rowKey={(subscriber) => subscriber._id}
        {...listStateOf(subscribers, {
          rowsOf: (data) => data.subscribers,
          loading: t.loading,
          empty: { title: t.empty, description: filters.isFiltered ? t.emptyText : undefined },
          error: messageOf(subscribers.error, t.failedFetch),
        })}
        selection={
          canEdit
            ? { selectedIds: tickedIds(selection, pageIds), onChange: selection.setIds, rowLabel: (s) => s.email }
            : undefined
        }
        onRowClick={(subscriber) => openModal("subscriberQuickView", { subscriberId: subscriber._id })}
        sort={sortBy ? { key: sortBy, order: sortOrder } : null}
        onSortChange={(sort: SortState) => filters.setFilters({ sortBy: sort.key, sortOrder: sort.order })}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={subscribers.data?.pagination.totalSubscribers}
            totalIsEstimate={totalIsEstimate}
            onPageChange={filters.setPage}
            disabled={subscribers.isFetching}
          />
        }
      />
      {pendingDelete ? (
        <ConfirmDialog
          title={t.confirmDeleteTitle}
          message={t.confirmDelete(pendingDelete.email)}
          confirmLabel={t.delete}
          tone="danger"
          isPending={deleteSubscriber.isPending}
          error={deleteSubscriber.isError ? messageOf(deleteSubscriber.error, t.failedDelete) : null}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </>
  );
}
