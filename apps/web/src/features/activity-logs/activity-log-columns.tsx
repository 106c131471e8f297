import { adminCopy } from "@shop/shared/admin-copy";
import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import { Button } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { formatDateTime } from "@/lib/format";
import { activityModuleLabel } from "./activity-modules";
import { ActivityStatusBadge } from "./activity-status";

const t = adminCopy.activityLog;

type Options = {
  onView: (log: ActivityLogDto) => void;
  /** The own-activity table leaves out who did it: it is always the viewer. */
  withUser?: boolean;
};

/** Time, user, module, action, status, description, and the button that opens the entry. */
export function activityLogColumns({ onView, withUser = true }: Options): DataTableColumn<ActivityLogDto>[] {
  const columns: (DataTableColumn<ActivityLogDto> | null)[] = [
    {
      id: "time",
      header: t.columns.time,
      className: "whitespace-nowrap",
      cell: (log) => formatDateTime(log.createdAt),
    },
    withUser
      ? {
          id: "user",
          header: t.columns.user,
          cell: (log) =>
            log.userId ? (
              <div>
                <p className="font-medium text-slate-900">{log.userId.name}</p>
                <p className="text-xs text-slate-500">{log.userId.email}</p>
              </div>
            ) : (
              <span className="text-slate-500">{t.system}</span>
            ),
        }
      : null,
    { id: "module", header: t.columns.module, cell: (log) => activityModuleLabel(log.module) },
    { id: "action", header: t.columns.action, cell: (log) => log.action },
    { id: "status", header: t.columns.status, cell: (log) => <ActivityStatusBadge status={log.status} /> },
    {
      id: "description",
      header: t.columns.description,
      cell: (log) => <span className="line-clamp-2 max-w-md">{log.description}</span>,
    },
    {
      id: "view",
      header: t.view,
      hideHeader: true,
      align: "right",
      className: "whitespace-nowrap",
      cell: (log) => (
        <Button variant="ghost" size="sm" onClick={() => onView(log)}>
          {t.view}
        </Button>
      ),
    },
  ];
  return columns.filter((column) => column !== null);
}
