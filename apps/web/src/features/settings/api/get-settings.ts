import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { Settings } from "@shop/shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** GET /settings/admin — every setting, the mail sender too (settings:update-settings). */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const { data } = await api.get<Settings>("/settings/admin", {
    signal,
    defaultMessage: backofficeCopy.settings.failedFetch,
  });
  return data;
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.admin(), queryFn: ({ signal }) => getSettings(signal), staleTime: 0 });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
