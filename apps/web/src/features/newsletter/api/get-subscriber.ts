import { audienceCopy } from "@shop/shared/audience-copy";
import type { DeliveryEventDto } from "@shop/shared/schemas/deliverability";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** The detail of one person: the list's row with their latest bounces and complaints. */
export type SubscriberDetail = SubscriberDto & { deliveryEvents?: DeliveryEventDto[] };

/** GET /newsletter/subscribers/:id */
export async function getSubscriber(id: string, signal?: AbortSignal): Promise<SubscriberDetail> {
  const { data } = await api.get<SubscriberDetail>(`/newsletter/subscribers/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: audienceCopy.quickView.failedLoad,
  });
  return data;
}

export function subscriberQueryOptions(id: string) {
  return queryOptions({
    queryKey: newsletterKeys.subscriber(id),
    queryFn: ({ signal }) => getSubscriber(id, signal),
  });
}

export function useSubscriber(id: string) {
  return useQuery(subscriberQueryOptions(id));
}
