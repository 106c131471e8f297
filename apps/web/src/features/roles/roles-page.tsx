import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { RoleDto } from "@shop/shared/schemas/roles";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { actionsColumn, DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { formatCount, formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";
import { isRefusal } from "@/lib/refusal";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useDeleteRole } from "./api/delete-role";
import { useRoles } from "./api/get-roles";

const t = adminCopy.roleAdmin;
const pageSize = 10;
const filterKeys = ["search"] as const;

function roleColumns(canManage: boolean, onDelete: (role: RoleDto) => void): DataTableColumn<RoleDto>[] {
  const columns: DataTableColumn<RoleDto>[] = [
    {
      id: "name",
      header: t.columns.name,
      cell: (role) => (
        <div className="min-w-48">
          <p className="font-medium text-slate-900">{role.name}</p>
          {role.description ? <p className="mt-0.5 text-xs text-slate-500">{role.description}</p> : null}
        </div>
      ),
    },
    { id: "users", header: t.columns.users, align: "right", cell: (role) => formatCount(role.userCount) },
    {
      id: "permissions",
      header: t.columns.permissions,
      align: "right",
      cell: (role) => formatCount(role.permissions.length),
    },
    {
      id: "created",
      header: t.columns.created,
      className: "whitespace-nowrap",
      cell: (role) => formatDate(role.createdAt),
    },
  ];
  if (!canManage) return columns;
  columns.push({
    ...actionsColumn,
    cell: (role) => (
      <div className="flex justify-end gap-2">
        <Link
          to={paths.admin.roleEdit(role._id)}
          aria-label={t.editRole(role.name)}
          className={buttonClasses("outline", "sm")}
        >
          {t.edit}
        </Link>
        <Button variant="danger" size="sm" aria-label={t.deleteRole(role.name)} onClick={() => onDelete(role)}>
          {t.delete}
        </Button>
      </div>
    ),
  });
  return columns;
}

/** /admin/manage/roles: each role with how many users hold it and how many permissions it grants. */
export function RolesPage() {
  const can = useCan();
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const canManage = can("roles:create-update-role");
  const roles = useRoles({ page: filters.page, limit: pageSize, search: filters.get("search") || undefined });
  const deleteRole = useDeleteRole();
  const [pendingDelete, setPendingDelete] = useState<RoleDto | null>(null);
  // A role in use cannot go; say so before the click rather than after it.
  const inUse = pendingDelete && pendingDelete.userCount > 0 ? copy.roles.inUse(pendingDelete.userCount) : null;

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteRole.mutateAsync(pendingDelete._id);
      toast.success(copy.roles.deleted);
      setPendingDelete(null);
    } catch {
      // The dialog shows the server's reason (a 409 with the number of users) and stays open.
    }
  };

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.roles.title}
        description={adminCopy.adminPages.roles.description}
        actions={
          canManage ? (
            <Link to={paths.admin.roleCreate} className={buttonClasses("primary", "md")}>
              <PlusIcon className="size-4" />
              {t.create}
            </Link>
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
      </FilterBar>
      <DataTable
        caption={adminCopy.adminPages.roles.title}
        columns={roleColumns(canManage, (role) => {
          deleteRole.reset();
          setPendingDelete(role);
        })}
        rows={roles.data?.roles}
        rowKey={(role) => role._id}
        {...tableStateOf(roles, copy.roles.failedFetch)}
        empty={{ title: t.empty, description: adminCopy.table.noResultsText }}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={roles.data?.pagination.totalRoles}
            onPageChange={filters.setPage}
            disabled={roles.isFetching}
          />
        }
      />
      {pendingDelete ? (
        <ConfirmDialog
          title={t.confirmDeleteTitle}
          message={t.confirmDelete(pendingDelete.name)}
          confirmLabel={t.delete}
          tone="danger"
          isPending={deleteRole.isPending}
          error={deleteRole.isError ? messageOf(deleteRole.error) : inUse}
          confirmDisabled={inUse !== null || (deleteRole.isError && isRefusal(deleteRole.error))}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </>
  );
}
