import { inboxCopy } from "@shop/shared/inbox-copy";
import type { ContactAssigneeDto } from "@shop/shared/schemas/contact-threads";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { contactKeys } from "./keys";

/** GET /contacts/assignees — active staff who may view contacts, by name. */
export async function getAssignees(signal?: AbortSignal): Promise<ContactAssigneeDto[]> {
  const { data } = await api.get<ContactAssigneeDto[]>("/contacts/assignees", {
    signal,
    defaultMessage: inboxCopy.failedAssignees,
  });
  return data;
}

export function assigneesQueryOptions() {
  return queryOptions({ queryKey: contactKeys.assignees(), queryFn: ({ signal }) => getAssignees(signal) });
}

export function useAssignees() {
  return useQuery(assigneesQueryOptions());
}
