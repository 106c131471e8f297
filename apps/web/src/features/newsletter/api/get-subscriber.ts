import { audienceCopy } from "@shop/shared/audience-copy";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** GET /newsletter/subscribers/:id */
export async function getSubscriber(id: string, signal?: AbortSignal): Promise<SubscriberDto> {
  const { data } = await api.get<SubscriberDto>(`/newsletter/subscribers/${encodeURIComponent(id)}`, {
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
