import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ContactDetailDto } from "@shop/shared/schemas/contact-threads";
import type { ContactDto, ContactUpdate } from "@shop/shared/schemas/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { activityLogKeys } from "@/features/activity-logs/api/keys";
import { dashboardKeys } from "@/features/dashboard/api/keys";
import { api } from "@/lib/api-client";
import { contactKeys } from "./keys";

/** PUT /contacts/:id — a status (any to any, spec section 4) or corrected fields. */
export async function updateContact({ id, changes }: { id: string; changes: ContactUpdate }): Promise<ContactDto> {
  const { data } = await api.put<ContactDto>(`/contacts/${encodeURIComponent(id)}`, changes, {
    defaultMessage: backofficeCopy.contacts.failedUpdateStatus,
  });
  return data;
}

/** DELETE /contacts/:id */
export async function deleteContact(id: string): Promise<void> {
  await api.delete<unknown>(`/contacts/${encodeURIComponent(id)}`, {
    defaultMessage: backofficeCopy.contacts.failedDelete,
  });
}

/** Counts move between tabs, the dashboard counts them too, and every change is a new activity log entry. */
export function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.all }),
      queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => {
      // The open quick view shows the new status at once (its conversation is unchanged).
      queryClient.setQueryData<ContactDetailDto>(contactKeys.detail(contact._id), (detail) =>
        detail ? { ...detail, ...contact } : detail,
      );
      return invalidate();
    },
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({ mutationFn: deleteContact, onSuccess: invalidate });
}
