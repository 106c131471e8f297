import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { Pagination } from "@shop/shared/schemas/common";
import type { ContactDto, ContactStatus, MessageType } from "@shop/shared/schemas/contacts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { contactKeys } from "./keys";

/** The filters the list, the counts and the export share (the counts leave out the status). */
export type ContactFilters = {
  search?: string;
  /** "me": assigned to the signed-in user; "none": unassigned. */
  assigned?: "me" | "none";
  /** Not actioned and past the promised response time (as the query string carries it). */
  overdue?: "true";
  messageType?: MessageType;
  /** YYYY-MM-DD, whole days. */
  from?: string;
  to?: string;
};

export type ContactListFilters = ContactFilters & { page: number; limit: number; status?: ContactStatus };

export type ContactList = {
  contacts: ContactDto[];
  pagination: Pagination & { totalContacts: number; contactsPerPage: number };
};

/** GET /contacts */
export async function getContacts(filters: ContactListFilters, signal?: AbortSignal): Promise<ContactList> {
  const { data } = await api.get<ContactList>("/contacts", {
    query: filters,
    signal,
    defaultMessage: backofficeCopy.contacts.failedFetch,
  });
  return data;
}

export function contactsQueryOptions(filters: ContactListFilters) {
  return queryOptions({
    queryKey: contactKeys.list(filters),
    queryFn: ({ signal }) => getContacts(filters, signal),
    placeholderData: keepPreviousData,
    // New enquiries arrive from the storefront at any time: an inbox opened should be current.
    staleTime: 0,
  });
}

export function useContacts(filters: ContactListFilters) {
  return useQuery(contactsQueryOptions(filters));
}
