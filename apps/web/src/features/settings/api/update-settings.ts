import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { Settings } from "@shop/shared/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** PUT /settings with only the fields that changed. */
export async function updateSettings(changes: Partial<Settings>): Promise<Settings> {
  const { data } = await api.put<Settings>("/settings", changes, {
    defaultMessage: backofficeCopy.settings.failedSave,
  });
  return data;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.admin(), settings);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
