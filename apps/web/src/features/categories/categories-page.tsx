import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { CategoryDto } from "@shop/shared/schemas/products";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { actionsColumn, DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Thumbnail } from "@/components/thumbnail";
import { useDeleteDialog } from "@/components/use-delete-dialog";
import { useCategories } from "@/features/products/api/get-categories";
import { useCan } from "@/lib/access";
import { formatCount } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useDeleteCategory } from "./api/delete-category";
import { CategoryFormModal } from "./category-form-modal";
import { SubcategoriesModal } from "./subcategories-modal";

const t = backofficeCopy.categories;
const page = backofficeCopy.pages.productCategories;

/** Which dialog is open, and for which category. */
type Open = { kind: "form"; category?: CategoryDto } | { kind: "subcategories"; category: CategoryDto } | null;

/** /admin/products/categories: categories and their subcategories; one still in use cannot be deleted (409). */
export function CategoriesPage() {
  const can = useCan();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [open, setOpen] = useState<Open>(null);
  const canCreate = can("product:create-product");
  const canEdit = can("product:update-product");

  const deletion = useDeleteDialog({
    mutation: remove,
    idOf: (category: CategoryDto) => category._id,
    title: t.confirmDeleteTitle,
    message: (category) => t.confirmDelete(category.name),
    confirmLabel: t.delete,
    deleted: t.deleted,
    failed: t.failedDelete,
    // A category still in use is refused (409) whatever the retries.
    finalOnError: true,
  });

  const columns: DataTableColumn<CategoryDto>[] = [
    {
      id: "image",
      header: t.columns.image,
      cell: (category) => <Thumbnail src={category.image} alt={category.name} />,
    },
    {
      id: "name",
      header: t.columns.name,
      cell: (category) => (
        <div>
          <p className="font-medium text-slate-900">{category.name}</p>
          {category.description ? <p className="line-clamp-1 text-xs text-slate-500">{category.description}</p> : null}
        </div>
      ),
    },
    {
      id: "slug",
      header: t.columns.slug,
      cell: (category) => <span className="font-mono text-xs">{category.slug}</span>,
    },
    {
      id: "products",
      header: t.columns.products,
      align: "right",
      className: "tabular-nums",
      cell: (category) => formatCount(category.productCount),
    },
    {
      ...actionsColumn,
      cell: (category) => (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t.manageSubcategories(category.name)}
            onClick={() => setOpen({ kind: "subcategories", category })}
          >
            {t.columns.subcategories}
          </Button>
          {canEdit ? (
            <>
              <Button
                size="sm"
                variant="outline"
                aria-label={t.editCategory(category.name)}
                onClick={() => setOpen({ kind: "form", category })}
              >
                {t.edit}
              </Button>
              <Button
                size="sm"
                variant="danger"
                aria-label={t.deleteCategory(category.name)}
                onClick={() => deletion.ask(category)}
              >
                {t.delete}
              </Button>
            </>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={page.title}
        description={page.description}
        actions={
          <>
            <Link to={paths.admin.products} className={buttonClasses("outline")}>
              {t.backToProducts}
            </Link>
            {canCreate ? (
              <Button onClick={() => setOpen({ kind: "form" })}>
                <PlusIcon className="size-4" />
                {t.add}
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        caption={page.title}
        columns={columns}
        rows={categories.data}
        rowKey={(category) => category._id}
        {...tableStateOf(categories, t.failedFetch)}
        empty={{ title: t.empty, description: t.emptyText }}
      />
      {open?.kind === "form" ? <CategoryFormModal category={open.category} onClose={() => setOpen(null)} /> : null}
      {open?.kind === "subcategories" ? (
        <SubcategoriesModal
          category={open.category}
          canCreate={canCreate}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {deletion.dialog}
    </>
  );
}
