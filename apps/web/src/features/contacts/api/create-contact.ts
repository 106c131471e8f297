import type { ContactCreate } from "@shop/shared/schemas/contacts";
import { uiCopy } from "@shop/shared/ui-copy";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** What the public forms send: the spec's fields plus the honeypot, whatever a person left in it (nothing). */
export type ContactRequest = Required<Omit<ContactCreate, "website">> & { website: string };

/** POST /contacts — public, rate limited (5 a minute per address). */
export function createContact(body: ContactRequest) {
  return api.post<{ _id: string } | undefined>("/contacts", body, {
    defaultMessage: uiCopy.storefront.errors.enquiry,
  });
}

export function useCreateContact() {
  return useMutation({ mutationFn: createContact });
}
