import type { ContactCounts, ContactDto, ContactStatus } from "@shop/shared/schemas/contacts";
import { makeStore } from "@/app/store/root-reducer";
import { ModalRoot } from "@/modals/modal-root";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ContactsPage } from "./contacts-page";

/** For the inbox's tests: the page and the global modals over a one-contact stand-in of the contacts API. */
export const contactId = "0195a1b2-0000-7000-8000-0000000000c1";

function contactWith(status: ContactStatus, request = "Inquiry about Smart Lock"): ContactDto {
  return {
    _id: contactId,
    name: "Nina Buyer",
    email: "nina@example.com",
    phone: "0123456789",
    messageType: "productRequest",
    subject: "Product Buy",
    request,
    status,
    createdBy: "website",
    createdAt: "2025-03-05T10:00:00.000Z",
    updatedAt: "2025-03-05T10:00:00.000Z",
  };
}

function countsFor(status: ContactStatus): ContactCounts {
  const counts: ContactCounts = {
    notActioned: 0,
    inProgress: 0,
    completed: 0,
    cancelled: 0,
    rejected: 0,
    onHold: 0,
    total: 1,
  };
  counts[status] = 1;
  return counts;
}

/** One contact, whose status the PUT really changes (so counts and the list follow it). */
export function renderInbox({ request }: { request?: string } = {}) {
  let contact = contactWith("notActioned", request);
  const { requests } = fakeFetch(async (call) => {
    const url = new URL(call.url);
    let data: unknown;
    if (call.method === "PUT") {
      const { status } = (await call.json()) as { status: ContactStatus };
      contact = { ...contact, status, updatedAt: "2025-03-06T09:00:00.000Z" };
      data = contact;
    } else if (url.pathname === "/api/contacts/get-contact-counts") data = countsFor(contact.status);
    else if (url.pathname === `/api/contacts/${contactId}`) data = contact;
    else {
      const wanted = url.searchParams.get("status");
      const contacts = !wanted || wanted === contact.status ? [contact] : [];
      data = {
        contacts,
        pagination: { currentPage: 1, totalPages: 1, totalContacts: contacts.length, contactsPerPage: 10 },
      };
    }
    return { body: { success: true, message: "ok", data } };
  });
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Sam", email: "sam@example.com", isSuperAdmin: false },
      role: {
        _id: "r",
        name: "Support",
        permissions: [{ name: "contact:view-contacts" }, { name: "contact:update-status" }],
      },
    },
  });
  const view = renderRoutes(
    [
      {
        path: "/admin/contacts",
        element: (
          <>
            <ContactsPage />
            <ModalRoot />
          </>
        ),
      },
    ],
    { store, initialEntries: ["/admin/contacts"] },
  );
  return { ...view, requests };
}
