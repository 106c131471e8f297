import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type SortState, tableStateOf } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { FilterOptions, FilterSelect } from "@/components/form-field";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { allRolesFilters, useRoles } from "@/features/roles/api/get-roles";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { openModal } from "@/modals/modal-store";
import { type UserListFilters, type UserSortKey, useUsers } from "./api/get-users";
import { useSetUserActive } from "./api/set-user-active";
import { useViewer } from "./use-viewer";
import { userColumns } from "./user-columns";

const t = adminCopy.userAdmin;
const pageSize = 10;
const filterKeys = ["search", "role", "isActive", "sortBy", "sortOrder"] as const;
const sortKeys: readonly UserSortKey[] = ["createdAt", "name", "email"];
const activeOptions = [
  { value: "true", label: t.active },
  { value: "false", label: t.inactive },
];

function sortKeyOf(value: string): UserSortKey | undefined {
  return sortKeys.find((key) => key === value);
}

/** /admin/manage/users: staff accounts, their roles and whether they may sign in. */
export function UsersPage() {
  const can = useCan();
  const viewer = useViewer();
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const [pendingStatus, setPendingStatus] = useState<UserDto | null>(null);
  const setUserActive = useSetUserActive();
  const canEdit = can("user:create-update-user");
  const canChangeStatus = can("user:deactivate-user");
  // The API lists roles to whoever manages roles or assigns them.
  const canListRoles = can(["roles:view-roles", "roles:create-update-role", "user:create-update-user"]);

  const isActive = filters.get("isActive");
  const sortBy = sortKeyOf(filters.get("sortBy"));
  const sortOrder = filters.get("sortOrder") === "asc" ? "asc" : "desc";
  const query: UserListFilters = {
    page: filters.page,
    limit: pageSize,
    search: filters.get("search") || undefined,
    role: filters.get("role") || undefined,
    isActive: isActive === "true" || isActive === "false" ? isActive : undefined,
    ...(sortBy && { sortBy, sortOrder }),
  };
  const users = useUsers(query);
  const roles = useRoles(allRolesFilters, { enabled: canListRoles });
  const rows = users.data?.users;

  const confirmStatusChange = async () => {
    if (!pendingStatus) return;
    const nextActive = !pendingStatus.isActive;
    try {
      await setUserActive.mutateAsync({ id: pendingStatus._id, isActive: nextActive });
      toast.success(nextActive ? copy.users.activated : copy.users.deactivated);
      setPendingStatus(null);
    } catch {
      // The dialog shows the reason (setUserActive.error) and stays open.
    }
  };

  const columns = userColumns({
    viewer,
    listed: rows ?? [],
    canEdit,
    canChangeStatus,
    onEdit: (user) => openModal("createUser", { user }),
    onChangeStatus: (user) => {
      setUserActive.reset();
      setPendingStatus(user);
    },
  });

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.users.title}
        description={adminCopy.adminPages.users.description}
        actions={
          canEdit ? (
            <Button onClick={() => openModal("createUser", {})}>
              <PlusIcon className="size-4" />
              {t.create}
            </Button>
          ) : null
        }
      />
      <FilterBar onClear={filters.isFiltered ? filters.clear : undefined}>
        <SearchInput
          value={filters.get("search")}
          onSearch={(search) => filters.setFilters({ search })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-72"
        />
        {canListRoles ? (
          <FilterSelect
            label={t.roleFilter}
            value={filters.get("role")}
            onChange={(event) => filters.setFilters({ role: event.target.value })}
            className="w-full sm:w-48"
          >
            <FilterOptions
              allLabel={t.allRoles}
              options={roles.data?.roles.map((role) => ({ value: role._id, label: role.name })) ?? []}
            />
          </FilterSelect>
        ) : null}
        <FilterSelect
          label={t.activeFilter}
          value={isActive}
          onChange={(event) => filters.setFilters({ isActive: event.target.value })}
          className="w-full sm:w-40"
        >
          <FilterOptions allLabel={adminCopy.table.all} options={activeOptions} />
        </FilterSelect>
      </FilterBar>
      <DataTable
        caption={adminCopy.adminPages.users.title}
        columns={columns}
        rows={rows}
        rowKey={(user) => user._id}
        {...tableStateOf(users, copy.users.failedFetch)}
        empty={{ title: t.empty, description: adminCopy.table.noResultsText }}
        sort={sortBy ? { key: sortBy, order: sortOrder } : { key: "createdAt", order: "desc" }}
        onSortChange={(sort: SortState) => filters.setFilters({ sortBy: sort.key, sortOrder: sort.order })}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={users.data?.pagination.totalUsers}
            onPageChange={filters.setPage}
            disabled={users.isFetching}
          />
        }
      />
      {pendingStatus ? (
        <ConfirmDialog
          title={pendingStatus.isActive ? t.confirmDeactivateTitle : t.confirmActivateTitle}
          message={
            pendingStatus.isActive ? t.confirmDeactivate(pendingStatus.name) : t.confirmActivate(pendingStatus.name)
          }
          confirmLabel={pendingStatus.isActive ? t.deactivate : t.activate}
          tone={pendingStatus.isActive ? "danger" : "default"}
          isPending={setUserActive.isPending}
          error={setUserActive.isError ? messageOf(setUserActive.error, copy.users.failedUpdateStatus) : null}
          onConfirm={() => void confirmStatusChange()}
          onCancel={() => setPendingStatus(null)}
        />
      ) : null}
    </>
  );
}
