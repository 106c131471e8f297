import type { PublicSettings } from "@shop/shared/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** GET /settings — what the storefront may read: store name, contact lines and outside links. */
export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  const { data } = await api.get<PublicSettings>("/settings", { signal });
  return data;
}

export function publicSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.public(), queryFn: ({ signal }) => getPublicSettings(signal) });
}

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
