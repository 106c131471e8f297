import { audienceCopy } from "@shop/shared/audience-copy";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { Button } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { actionsColumn } from "@/components/data-table";
import { formatDate } from "@/lib/format";
import { SubscriberStatusBadge, sourceLabel, TagChips } from "./subscriber-badges";

const t = audienceCopy.subscribers;

type SubscriberColumnsOptions = {
  canEdit: boolean;
  canDelete: boolean;
  onView: (subscriber: SubscriberDto) => void;
  onEdit: (subscriber: SubscriberDto) => void;
  onDelete: (subscriber: SubscriberDto) => void;
};

export function subscriberColumns({
  canEdit,
  canDelete,
  onView,
  onEdit,
  onDelete,
}: SubscriberColumnsOptions): DataTableColumn<SubscriberDto>[] {
  const columns: DataTableColumn<SubscriberDto>[] = [
    {
      id: "email",
      header: t.columns.email,
      sortKey: "email",
      cell: (subscriber) => (
        <div className="min-w-0">
          <button
            type="button"
            onClick={() => onView(subscriber)}
            aria-label={t.view(subscriber.email)}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {subscriber.email}
          </button>
          {subscriber.name ? <p className="text-xs text-slate-500">{subscriber.name}</p> : null}
        </div>
      ),
    },
    {
      id: "status",
      header: t.columns.status,
      sortKey: "status",
      cell: (subscriber) => <SubscriberStatusBadge status={subscriber.status} />,
    },
    { id: "tags", header: t.columns.tags, cell: (subscriber) => <TagChips tags={subscriber.tags} /> },
    {
      id: "source",
      header: t.columns.source,
      className: "whitespace-nowrap",
      cell: (subscriber) => sourceLabel(subscriber.source),
    },
    {
      id: "subscribed",
      header: t.columns.subscribed,
      sortKey: "subscribedAt",
      firstSortOrder: "desc",
      className: "whitespace-nowrap",
      cell: (subscriber) => formatDate(subscriber.subscribedAt),
    },
  ];
  if (!canEdit && !canDelete) return columns;

  columns.push({
    ...actionsColumn,
    cell: (subscriber) => (
      <div className="flex justify-end gap-2">
        {canEdit ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={t.editSubscriber(subscriber.email)}
            onClick={() => onEdit(subscriber)}
          >
            {t.edit}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            size="sm"
            variant="danger"
            aria-label={t.deleteSubscriber(subscriber.email)}
            onClick={() => onDelete(subscriber)}
          >
            {t.delete}
          </Button>
        ) : null}
      </div>
    ),
  });
  return columns;
}
