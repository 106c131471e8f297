import { audienceCopy } from "@shop/shared/audience-copy";
import type {
  SubscriberDto,
  SubscriberFilter,
  SubscriberListPagination,
  subscriberSortFields,
} from "@shop/shared/schemas/newsletter";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

export type SubscriberSortKey = (typeof subscriberSortFields)[number];

export type SubscriberListFilters = SubscriberFilter & {
  page: number;
  limit: number;
  sortBy?: SubscriberSortKey;
  sortOrder?: "asc" | "desc";
};

export type SubscriberList = {
  subscribers: SubscriberDto[];
  pagination: SubscriberListPagination;
};

/** A filter as query parameters: the API takes tag ids comma-separated. */
export function filterQueryOf({ search, status, tagIds }: SubscriberFilter) {
  return { search, status, tagIds: tagIds?.length ? tagIds.join(",") : undefined };
}

/** GET /newsletter/get-all-subscriber */
export async function getSubscribers(filters: SubscriberListFilters, signal?: AbortSignal): Promise<SubscriberList> {
  const { page, limit, sortBy, sortOrder, ...filter } = filters;
  const { data } = await api.get<SubscriberList>("/newsletter/get-all-subscriber", {
    query: { page, limit, sortBy, sortOrder, ...filterQueryOf(filter) },
    signal,
    defaultMessage: audienceCopy.subscribers.failedFetch,
  });
  return data;
}

export function subscribersQueryOptions(filters: SubscriberListFilters) {
  return queryOptions({
    queryKey: newsletterKeys.subscriberList(filters),
    queryFn: ({ signal }) => getSubscribers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSubscribers(filters: SubscriberListFilters) {
  return useQuery(subscribersQueryOptions(filters));
}
