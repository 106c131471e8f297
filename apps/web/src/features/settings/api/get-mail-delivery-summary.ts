import type { MailDeliverySummary } from "@shop/shared/schemas/mail-delivery";
import { mailDeliveryCopy } from "@shop/shared/schemas/mail-delivery";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** GET /mail-delivery/summary: how much account mail failed or is being retried (settings:update-settings). */
export async function getMailDeliverySummary(signal?: AbortSignal): Promise<MailDeliverySummary> {
  const { data } = await api.get<MailDeliverySummary>("/mail-delivery/summary", {
    signal,
    defaultMessage: mailDeliveryCopy.page.failedFetch,
  });
  return data;
}

/** Asked only of those who may see the mail (`enabled`); the server refuses the rest anyway. */
export function useMailDeliverySummary(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.mailDeliverySummary(),
    queryFn: ({ signal }) => getMailDeliverySummary(signal),
    enabled,
  });
}
