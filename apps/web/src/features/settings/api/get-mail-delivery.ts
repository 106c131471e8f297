import type { MailDeliveryPage, MailTroubleStatus } from "@shop/shared/schemas/mail-delivery";
import { mailDeliveryCopy } from "@shop/shared/schemas/mail-delivery";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

export type MailDeliveryFilters = { page: number; limit: number; status: MailTroubleStatus | "" };

/** GET /mail-delivery: account mail that failed or is being retried, newest first (settings:update-settings). */
export async function getMailDelivery(filters: MailDeliveryFilters, signal?: AbortSignal): Promise<MailDeliveryPage> {
  const { data } = await api.get<MailDeliveryPage>("/mail-delivery", {
    query: { page: filters.page, limit: filters.limit, status: filters.status || undefined },
    signal,
    defaultMessage: mailDeliveryCopy.page.failedFetch,
  });
  return data;
}

export function useMailDelivery(filters: MailDeliveryFilters) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.mailDeliveryList(filters),
      queryFn: ({ signal }) => getMailDelivery(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
