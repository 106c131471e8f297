import { audienceCopy } from "@shop/shared/audience-copy";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import { Button } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { actionsColumn } from "@/components/data-table";
import { formatCount, formatDate } from "@/lib/format";

const t = audienceCopy.tags;

type TagColumnsOptions = {
  canManage: boolean;
  onEdit: (tag: TagDto) => void;
  onDelete: (tag: TagDto) => void;
};

export function tagColumns({ canManage, onEdit, onDelete }: TagColumnsOptions): DataTableColumn<TagDto>[] {
  const columns: DataTableColumn<TagDto>[] = [
    {
      id: "name",
      header: t.columns.name,
      cell: (tag) => <span className="font-medium text-slate-900">{tag.name}</span>,
    },
    {
      id: "slug",
      header: t.columns.slug,
      cell: (tag) => <code className="font-mono text-xs text-slate-600">{tag.slug}</code>,
    },
    {
      id: "description",
      header: t.columns.description,
      className: "max-w-sm",
      cell: (tag) => tag.description || <span className="text-slate-400">—</span>,
    },
    {
      id: "subscribers",
      header: t.columns.subscribers,
      align: "right",
      cell: (tag) => formatCount(tag.subscriberCount),
    },
    {
      id: "created",
      header: t.columns.created,
      className: "whitespace-nowrap",
      cell: (tag) => formatDate(tag.createdAt),
    },
  ];
  if (!canManage) return columns;

  columns.push({
    ...actionsColumn,
    cell: (tag) => (
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="outline" aria-label={t.editTag(tag.name)} onClick={() => onEdit(tag)}>
          {t.edit}
        </Button>
        <Button size="sm" variant="danger" aria-label={t.deleteTag(tag.name)} onClick={() => onDelete(tag)}>
          {t.delete}
        </Button>
      </div>
    ),
  });
  return columns;
}
