import { uiCopy } from "@shop/shared/ui-copy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useStore } from "react-redux";
import { useNavigate } from "react-router";
import { expireSession } from "@/app/session";
import type { AppStore } from "@/app/store/root-reducer";
import { ApiError } from "@/lib/api-client";
import { fetchFile } from "@/lib/api-download";
import { downloadBlob } from "@/lib/csv";
import type { ActivityLogFilters } from "./get-activity-logs";

export type ActivityLogExportFilters = Omit<ActivityLogFilters, "page" | "limit">;

function fallbackFilename(): string {
  return `activity-logs-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** GET /activity-logs/export with the list's filters: the server writes the (formula-safe) CSV. */
export function useExportActivityLogs() {
  const store = useStore.withTypes<AppStore>()();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: async (filters: ActivityLogExportFilters) => {
      try {
        const { blob, filename } = await fetchFile("/activity-logs/export", {
          query: filters,
          token: store.getState().auth.token,
          defaultMessage: uiCopy.activityLog.exportFailed,
        });
        downloadBlob(blob, filename ?? fallbackFilename());
      } catch (error) {
        // The same ending as any other call that finds the session gone (spec section 8).
        if (error instanceof ApiError && error.status === 401) {
          expireSession({ store, queryClient, navigate: (to) => void navigate(to) });
        }
        throw error;
      }
    },
  });
}
