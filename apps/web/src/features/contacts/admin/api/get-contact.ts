import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ContactDetailDto } from "@shop/shared/schemas/contact-threads";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { contactKeys } from "./keys";

/** GET /contacts/:id — the contact, its assignee and its conversation. */
export async function getContact(id: string, signal?: AbortSignal): Promise<ContactDetailDto> {
  const { data } = await api.get<ContactDetailDto>(`/contacts/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: backofficeCopy.contacts.failedFetch,
  });
  return data;
}

export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => getContact(id, signal),
    staleTime: 0,
  });
}

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id));
}
