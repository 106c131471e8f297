import { adminCopy } from "@shop/shared/admin-copy";
import { useFileExport } from "@/lib/use-file-export";
import type { ActivityLogFilters } from "./get-activity-logs";

export type ActivityLogExportFilters = Omit<ActivityLogFilters, "page" | "limit">;

/** GET /activity-logs/export with the list's filters: the server writes the (formula-safe) CSV. */
export function useExportActivityLogs() {
  return useFileExport<ActivityLogExportFilters>({
    path: "/activity-logs/export",
    defaultMessage: adminCopy.activityLog.exportFailed,
    fallbackFilename: () => `activity-logs-${new Date().toISOString().slice(0, 10)}.csv`,
  });
}
