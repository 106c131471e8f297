import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ProductDto } from "@shop/shared/schemas/products";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { actionsColumn } from "@/components/data-table";
import { StatusBadge } from "@/components/status-badge";
import { Thumbnail } from "@/components/thumbnail";
import { formatDate, formatPrice } from "@/lib/format";
import { paths } from "@/lib/paths";

const t = backofficeCopy.products;

type ProductColumnsOptions = {
  canEdit: boolean;
  onDelete: (product: ProductDto) => void;
  onRestore: (product: ProductDto) => void;
};

export function productColumns({ canEdit, onDelete, onRestore }: ProductColumnsOptions): DataTableColumn<ProductDto>[] {
  const columns: DataTableColumn<ProductDto>[] = [
    {
      id: "image",
      header: t.columns.image,
      card: "title",
      cell: (product) => <Thumbnail src={product.image || product.images[0]} alt={product.name} />,
    },
    {
      id: "name",
      header: t.columns.name,
      sortKey: "name",
      card: "title",
      cell: (product) =>
        canEdit ? (
          <Link
            to={paths.admin.productEdit(product._id)}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {product.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{product.name}</span>
        ),
    },
    {
      id: "category",
      header: t.columns.category,
      cell: (product) => product.category?.name ?? <span className="text-slate-400">{t.noCategory}</span>,
    },
    {
      id: "price",
      header: t.columns.price,
      sortKey: "price",
      align: "right",
      className: "whitespace-nowrap tabular-nums",
      cell: (product) => formatPrice(product.price),
    },
    {
      id: "stock",
      header: t.columns.stock,
      cell: (product) =>
        product.inStock ? (
          <StatusBadge tone="success">{t.inStock}</StatusBadge>
        ) : (
          <StatusBadge tone="warning">{t.outOfStock}</StatusBadge>
        ),
    },
    {
      id: "status",
      header: t.columns.status,
      cell: (product) =>
        product.status === "active" ? (
          <StatusBadge tone="info">{t.active}</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">{t.inactive}</StatusBadge>
        ),
    },
    {
      id: "created",
      header: t.columns.created,
      sortKey: "createdAt",
      firstSortOrder: "desc",
      className: "whitespace-nowrap",
      card: "hidden",
      cell: (product) => formatDate(product.createdAt),
    },
  ];
  if (!canEdit) return columns;

  columns.push({
    ...actionsColumn,
    cell: (product) => (
      <div className="flex justify-end gap-2">
        <Link
          to={paths.admin.productEdit(product._id)}
          aria-label={t.editProduct(product.name)}
          className={buttonClasses("outline", "sm")}
        >
          {t.edit}
        </Link>
        {product.status === "active" ? (
          <Button
            size="sm"
            variant="danger"
            aria-label={t.deleteProduct(product.name)}
            onClick={() => onDelete(product)}
          >
            {t.delete}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t.restoreProduct(product.name)}
            onClick={() => onRestore(product)}
          >
            {t.restore}
          </Button>
        )}
      </div>
    ),
  });
  return columns;
}
