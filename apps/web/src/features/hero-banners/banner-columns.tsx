import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { actionsColumn } from "@/components/data-table";
import { ChevronDownIcon } from "@/components/icons";
import { StatusBadge } from "@/components/status-badge";
import { Thumbnail } from "@/components/thumbnail";
import { formatDay } from "@/lib/format";
import { paths } from "@/lib/paths";

const t = backofficeCopy.banners;

/** "Always", "From Mar 5, 2025", "Until …" or "start – end". */
export function scheduleOf(banner: Pick<HeroBannerDto, "startsAt" | "endsAt">): string {
  const { startsAt, endsAt } = banner;
  if (startsAt && endsAt) return t.between(formatDay(startsAt), formatDay(endsAt));
  if (startsAt) return t.from(formatDay(startsAt));
  if (endsAt) return t.until(formatDay(endsAt));
  return t.always;
}

const moveButton =
  "rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-brand-600";

type BannerColumnsOptions = {
  count: number;
  /** The row's place in the list as shown (display order): what the arrows move. */
  positionOf: (banner: HeroBannerDto) => number;
  canEdit: boolean;
  canDelete: boolean;
  /** A reorder is being saved: the arrows wait for it. */
  reordering: boolean;
  onMove: (from: number, to: number) => void;
  onDelete: (banner: HeroBannerDto) => void;
};

export function bannerColumns({
  count,
  positionOf,
  canEdit,
  canDelete,
  reordering,
  onMove,
  onDelete,
}: BannerColumnsOptions): DataTableColumn<HeroBannerDto>[] {
  const columns: DataTableColumn<HeroBannerDto>[] = [
    {
      id: "order",
      header: t.columns.order,
      className: "whitespace-nowrap",
      cell: (banner) => {
        const index = positionOf(banner);
        return (
          <div className="flex items-center gap-1">
            {canEdit ? (
              <span aria-hidden="true" title={t.dragHandle(banner.title)} className="cursor-grab px-1 text-slate-400">
                ⋮⋮
              </span>
            ) : null}
            <span className="w-6 text-center tabular-nums">{index + 1}</span>
            {canEdit ? (
              <>
                <button
                  type="button"
                  className={moveButton}
                  aria-label={t.moveUp(banner.title)}
                  disabled={reordering || index === 0}
                  onClick={() => onMove(index, index - 1)}
                >
                  <ChevronDownIcon className="size-4 rotate-180" />
                </button>
                <button
                  type="button"
                  className={moveButton}
                  aria-label={t.moveDown(banner.title)}
                  disabled={reordering || index === count - 1}
                  onClick={() => onMove(index, index + 1)}
                >
                  <ChevronDownIcon className="size-4" />
                </button>
              </>
            ) : null}
          </div>
        );
      },
    },
    {
      id: "image",
      header: t.columns.image,
      cell: (banner) => <Thumbnail src={banner.image} alt={banner.title} className="h-12 w-20" />,
    },
    {
      id: "title",
      header: t.columns.title,
      cell: (banner) => (
        <div>
          <p className="font-medium text-slate-900">{banner.title}</p>
          {banner.subtitle ? <p className="line-clamp-1 text-xs text-slate-500">{banner.subtitle}</p> : null}
        </div>
      ),
    },
    {
      id: "active",
      header: t.columns.active,
      cell: (banner) =>
        banner.isActive ? (
          <StatusBadge tone="success">{t.active}</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">{t.inactive}</StatusBadge>
        ),
    },
    { id: "schedule", header: t.columns.schedule, className: "whitespace-nowrap", cell: scheduleOf },
  ];
  if (canEdit || canDelete) {
    columns.push({
      ...actionsColumn,
      cell: (banner) => (
        <div className="flex justify-end gap-2">
          {canEdit ? (
            <Link
              to={paths.admin.heroBannerEditOf(banner._id)}
              aria-label={t.editBanner(banner.title)}
              className={buttonClasses("outline", "sm")}
            >
              {t.edit}
            </Link>
          ) : null}
          {canDelete ? (
            <Button
              size="sm"
              variant="danger"
              aria-label={t.deleteBanner(banner.title)}
              onClick={() => onDelete(banner)}
            >
              {t.delete}
            </Button>
          ) : null}
        </div>
      ),
    });
  }
  return columns;
}
