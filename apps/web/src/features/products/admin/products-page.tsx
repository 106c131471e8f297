import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ProductDto, ProductStatus } from "@shop/shared/schemas/products";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, tableStateOf } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { useCan } from "@/lib/access";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useAdminProducts } from "./api/get-admin-products";
import { type StatusChangeResult, useSetProductsStatus } from "./api/set-products-status";
import { productColumns } from "./product-columns";
import { ProductFilterPanel } from "./product-filter-panel";
import { panelKeys, productFiltersOf, productUrlKeys } from "./product-list-state";

const t = backofficeCopy.products;

/** The products a delete is waiting on the dialog for. */
type PendingDelete = { ids: string[]; name: string | null };

/** /admin/products: the catalogue as staff manage it — list state in the URL, soft delete and restore. */
export function AdminProductsPage() {
  const can = useCan();
  const toast = useToast();
  const panelId = useId();
  const url = useUrlFilters(productUrlKeys);
  const filters = productFiltersOf(url.get, url.page);
  const products = useAdminProducts(filters);
  const setStatus = useSetProductsStatus();
  const [selected, setSelected] = useState<string[]>([]);
  const [panelOpen, setPanelOpen] = useState(() => panelKeys.some((key) => url.get(key) !== ""));
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const canCreate = can("product:create-product");
  const canEdit = can("product:update-product");
  const rows = products.data?.products;
  const viewingInactive = filters.status === "inactive";

  /** Changed products leave the selection; a failure is told (the failed stay selected), the rest still goes through. */
  const changeStatus = async (ids: string[], status: ProductStatus): Promise<StatusChangeResult> => {
    const result = await setStatus.mutateAsync({ ids, status });
    setSelected((current) => current.filter((id) => !result.changed.includes(id)));
    const deleting = status === "inactive";
    if (result.changed.length > 0) {
      toast.success(
        deleting ? (result.changed.length === 1 ? t.deleted : t.deletedMany(result.changed.length)) : t.restored,
      );
    }
    const [failure] = result.failures;
    // A delete none of which went through stays in its dialog, which says why; every other failure is a toast.
    if (failure && (result.changed.length > 0 || !deleting)) toast.error(failure.message);
    return result;
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const result = await changeStatus(pendingDelete.ids, "inactive");
    // All failed: the dialog stays, with the reason (setStatus' data holds it).
    if (result.changed.length > 0) setPendingDelete(null);
  };

  const askDelete = (ids: string[], name: string | null) => {
    setStatus.reset();
    setPendingDelete({ ids, name });
  };

  const columns = productColumns({
    canEdit,
    onDelete: (product: ProductDto) => askDelete([product._id], product.name),
    onRestore: (product: ProductDto) => void changeStatus([product._id], "active"),
  });
  const failedAll =
    setStatus.data && setStatus.data.changed.length === 0 ? (setStatus.data.failures[0]?.message ?? null) : null;

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.products.title}
        description={adminCopy.adminPages.products.description}
        actions={
          <>
            <Link to={paths.admin.productCategories} className={buttonClasses("outline")}>
              {t.categories}
            </Link>
            {canCreate ? (
              <Link to={paths.admin.productCreate} className={buttonClasses("primary")}>
                <PlusIcon className="size-4" />
                {t.add}
              </Link>
            ) : null}
          </>
        }
      />
      <FilterBar onClear={url.isFiltered ? url.clear : undefined}>
        <SearchInput
          value={url.get("search")}
          onSearch={(search) => url.setFilters({ search })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-72"
        />
        <Button
          variant="outline"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {panelOpen ? t.hideFilters : t.showFilters}
        </Button>
      </FilterBar>
      {panelOpen ? <ProductFilterPanel id={panelId} get={url.get} set={url.setFilters} /> : null}

      {canEdit && selected.length > 0 ? (
        <div className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm">
          <span className="font-medium text-brand-900" aria-live="polite">
            {t.selected(selected.length)}
          </span>
          {viewingInactive ? (
            <Button size="sm" variant="secondary" onClick={() => void changeStatus(selected, "active")}>
              {t.restore}
            </Button>
          ) : (
            <Button size="sm" variant="danger" onClick={() => askDelete(selected, null)}>
              {t.deleteSelected}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setSelected([])}>
            {t.clearSelection}
          </Button>
        </div>
      ) : null}

      <DataTable
        caption={adminCopy.adminPages.products.title}
        columns={columns}
        rows={rows}
        rowKey={(product) => product._id}
        {...tableStateOf(products, t.failedFetch)}
        empty={{ title: viewingInactive ? t.emptyInactive : t.empty }}
        sort={{ key: filters.sortBy, order: filters.sortOrder }}
        onSortChange={(sort) => url.setFilters({ sortBy: sort.key, sortOrder: sort.order })}
        selection={
          canEdit ? { selectedIds: selected, onChange: setSelected, rowLabel: (product) => product.name } : undefined
        }
        footer={
          <Pagination
            page={filters.page}
            pageSize={filters.limit}
            total={products.data?.pagination.totalProducts}
            onPageChange={url.setPage}
            disabled={products.isFetching}
          />
        }
      />

      {pendingDelete ? (
        <ConfirmDialog
          title={pendingDelete.name ? t.confirmDeleteTitle : t.confirmDeleteManyTitle(pendingDelete.ids.length)}
          message={
            pendingDelete.name ? t.confirmDelete(pendingDelete.name) : t.confirmDeleteMany(pendingDelete.ids.length)
          }
          confirmLabel={t.delete}
          tone="danger"
          isPending={setStatus.isPending}
          error={setStatus.isError ? t.failedDelete : failedAll}
          onConfirm={() => void confirmDelete().catch(() => undefined)}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </>
  );
}
