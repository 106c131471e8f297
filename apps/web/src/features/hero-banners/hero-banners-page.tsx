import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { DataTable, tableStateOf } from "@/components/data-table";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { useDeleteDialog } from "@/components/use-delete-dialog";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { moveItem, useDragReorder } from "@/lib/reorder";
import { useToast } from "@/lib/toasts";
import { useAllHeroBanners } from "./api/get-hero-banners";
import { useReorderHeroBanners } from "./api/reorder-hero-banners";
import { useDeleteHeroBanner } from "./api/save-hero-banner";
import { bannerColumns } from "./banner-columns";

const t = backofficeCopy.banners;
const page = adminCopy.adminPages.heroBanners;

/** /admin/hero-banners: every banner in carousel order; drag rows (or use the arrows) to reorder. */
export function HeroBannersPage() {
  const can = useCan();
  const toast = useToast();
  const banners = useAllHeroBanners();
  const reorder = useReorderHeroBanners();
  const remove = useDeleteHeroBanner();
  const canCreate = can("herobanner:create-hero-banner");
  const canEdit = can("herobanner:update-hero-banner");
  const canDelete = can("herobanner:delete-hero-banner");
  const rows = banners.data;

  const move = (from: number, to: number) => {
    if (!rows || reorder.isPending) return;
    const next = moveItem(rows, from, to);
    reorder.mutate(next, {
      onSuccess: () => toast.success(t.reordered),
      onError: (error) => toast.error(messageOf(error, t.failedReorder)),
    });
  };
  const { itemProps, dragging, over } = useDragReorder(move);

  const deletion = useDeleteDialog({
    mutation: remove,
    idOf: (banner: HeroBannerDto) => banner._id,
    title: t.confirmDeleteTitle,
    message: (banner) => t.confirmDelete(banner.title),
    confirmLabel: t.delete,
    deleted: t.deleted,
    failed: t.failedDelete,
  });

  const columns = bannerColumns({
    count: rows?.length ?? 0,
    positionOf: (banner) => rows?.indexOf(banner) ?? 0,
    canEdit,
    canDelete,
    reordering: reorder.isPending,
    onMove: move,
    onDelete: deletion.ask,
  });

  return (
    <>
      <PageHeader
        title={page.title}
        description={page.description}
        actions={
          canCreate ? (
            <Link to={paths.admin.heroBannerCreate} className={buttonClasses("primary")}>
              <PlusIcon className="size-4" />
              {t.add}
            </Link>
          ) : null
        }
      />
      {canEdit && rows && rows.length > 1 ? <p className="mb-3 text-sm text-slate-600">{t.reorderHint}</p> : null}
      <DataTable
        caption={page.title}
        columns={columns}
        rows={rows}
        rowKey={(banner) => banner._id}
        {...tableStateOf(banners, t.failedFetch)}
        empty={{ title: t.empty, description: t.emptyText }}
        rowProps={
          canEdit
            ? (_banner, index) => ({
                ...itemProps(index),
                className: `${dragging === index ? "opacity-50" : ""} ${
                  over === index && dragging !== index ? "outline-2 -outline-offset-2 outline-brand-500" : ""
                }`,
              })
            : undefined
        }
      />
      {deletion.dialog}
    </>
  );
}
