import { inboxCopy } from "@shop/shared/inbox-copy";
import type { ContactAssigneeUpdate, ConversationEntry } from "@shop/shared/schemas/contact-threads";
import type { ContactDto } from "@shop/shared/schemas/contacts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useInvalidateContacts } from "./update-contact";

const path = (id: string, tail: string) => `/contacts/${encodeURIComponent(id)}/${tail}`;

/** POST /contacts/:id/replies — emailed to the customer; a not-actioned request moves to in progress. */
export async function replyToContact({ id, body }: { id: string; body: string }): Promise<ConversationEntry> {
  const { data } = await api.post<ConversationEntry>(
    path(id, "replies"),
    { body },
    { defaultMessage: inboxCopy.failedReply },
  );
  return data;
}

/** POST /contacts/:id/notes — for staff only, never sent. */
export async function addContactNote({ id, body }: { id: string; body: string }): Promise<ConversationEntry> {
  const { data } = await api.post<ConversationEntry>(
    path(id, "notes"),
    { body },
    { defaultMessage: inboxCopy.failedNote },
  );
  return data;
}

/** PUT /contacts/:id/assignee — a staff member, or null for nobody. */
export async function assignContact({ id, userId }: { id: string } & ContactAssigneeUpdate): Promise<ContactDto> {
  const { data } = await api.put<ContactDto>(
    path(id, "assignee"),
    { userId },
    { defaultMessage: inboxCopy.failedAssign },
  );
  return data;
}

/** Each of these changes the conversation, the lists (status, assignee) and the activity log. */
export function useReplyToContact() {
  return useMutation({ mutationFn: replyToContact, onSuccess: useInvalidateContacts() });
}

export function useAddContactNote() {
  return useMutation({ mutationFn: addContactNote, onSuccess: useInvalidateContacts() });
}

export function useAssignContact() {
  return useMutation({ mutationFn: assignContact, onSuccess: useInvalidateContacts() });
}
