import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ContactCounts } from "@shop/shared/schemas/contacts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ContactFilters } from "./get-contacts";
import { contactKeys } from "./keys";

/** GET /contacts/get-contact-counts — each status's count under the same search, type and dates. */
export async function getContactCounts(filters: ContactFilters, signal?: AbortSignal): Promise<ContactCounts> {
  const { data } = await api.get<ContactCounts>("/contacts/get-contact-counts", {
    query: filters,
    signal,
    defaultMessage: backofficeCopy.contacts.failedFetch,
  });
  return data;
}

export function contactCountsQueryOptions(filters: ContactFilters) {
  return queryOptions({
    queryKey: contactKeys.counts(filters),
    queryFn: ({ signal }) => getContactCounts(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useContactCounts(filters: ContactFilters) {
  return useQuery(contactCountsQueryOptions(filters));
}
