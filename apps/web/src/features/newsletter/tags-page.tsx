import { adminCopy } from "@shop/shared/admin-copy";
import { audienceCopy } from "@shop/shared/audience-copy";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { openModal } from "@/modals/modal-store";
import { useDeleteTag } from "./api/delete-tag";
import { failedToLoadTags, useTags } from "./api/get-tags";
import { listStateOf } from "./list-state";
import { tagColumns } from "./tag-columns";

const t = audienceCopy.tags;
const filterKeys = ["search"] as const;
/** Spec section 9: tag search waits 500 ms after typing stops. */
export const tagSearchDebounceMs = 500;

/** /admin/tags: the tags subscribers are grouped by, with how many carry each. */
export function TagsPage() {
  const can = useCan();
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const search = filters.get("search");
  const tags = useTags(search);
  const deleteTag = useDeleteTag();
  const [pendingDelete, setPendingDelete] = useState<TagDto | null>(null);
  const canManage = can("newsletter:create-update-tag");

  const columns = tagColumns({
    canManage,
    onEdit: (tag) => openModal("createTag", { tag }),
    onDelete: (tag) => {
      deleteTag.reset();
      setPendingDelete(tag);
    },
  });

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteTag.mutateAsync(pendingDelete._id);
      toast.success(t.deleted);
      setPendingDelete(null);
    } catch {
      // The dialog shows why (deleteTag.error) and stays open.
    }
  };

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.tags.title}
        description={adminCopy.adminPages.tags.description}
        actions={
          canManage ? (
            <Button onClick={() => openModal("createTag", {})}>
              <PlusIcon className="size-4" />
              {t.create}
            </Button>
          ) : null
        }
      />
      <FilterBar>
        <SearchInput
          value={search}
          onSearch={(next) => filters.setFilters({ search: next })}
          delayMs={tagSearchDebounceMs}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-80"
        />
      </FilterBar>
      <DataTable
        caption={adminCopy.adminPages.tags.title}
        columns={columns}
        rowKey={(tag) => tag._id}
        {...listStateOf(tags, {
          rowsOf: (data) => data,
          loading: t.loading,
          empty: { title: t.empty, description: search ? t.emptySearchText : t.emptyText },
          error: failedToLoadTags(tags.error),
        })}
      />
      {pendingDelete ? (
        <ConfirmDialog
          title={t.confirmDeleteTitle}
          message={t.confirmDelete(pendingDelete.name, pendingDelete.subscriberCount)}
          confirmLabel={t.delete}
          tone="danger"
          isPending={deleteTag.isPending}
          error={deleteTag.isError ? messageOf(deleteTag.error, t.failedDelete) : null}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </>
  );
}
