import type { ContactAssigneeDto, ConversationEntry } from "@shop/shared/schemas/contact-threads";
import type { ContactCounts, ContactDto, ContactStatus } from "@shop/shared/schemas/contacts";
import { makeStore } from "@/app/store/root-reducer";
import { ModalRoot } from "@/modals/modal-root";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ContactsPage } from "./contacts-page";

/** For the inbox's tests: the page and the global modals over a stand-in of the contacts API. */
export const contactId = "0195a1b2-0000-7000-8000-0000000000c1";
export const overdueId = "0195a1b2-0000-7000-8000-0000000000c2";
export const me: ContactAssigneeDto = {
  _id: "0195a1b2-0000-7000-8000-0000000000a1",
  name: "Sam",
  email: "sam@example.com",
};
export const colleague: ContactAssigneeDto = {
  _id: "0195a1b2-0000-7000-8000-0000000000a2",
  name: "Alex Agent",
  email: "alex@example.com",
};

function contactWith(status: ContactStatus, request = "Inquiry about Smart Lock"): ContactDto {
  return {
    _id: contactId,
    name: "Nina Buyer",
    email: "nina@example.com",
    phone: "0123456789",
    messageType: "productRequest",
    subject: "Product Buy",
    request,
    about: "Product: Smart Lock",
    status,
    createdBy: "website",
    createdAt: "2025-03-05T10:00:00.000Z",
    updatedAt: "2025-03-05T10:00:00.000Z",
    assignee: null,
    overdue: false,
  };
}

const overdueContact: ContactDto = {
  ...contactWith("notActioned", "Anyone there?"),
  _id: overdueId,
  name: "Olga Waiting",
  email: "olga@example.com",
  createdAt: "2025-03-01T08:00:00.000Z",
  overdue: true,
};

function countsFor(rows: ContactDto[]): ContactCounts {
  const counts: ContactCounts = {
    notActioned: 0,
    inProgress: 0,
    completed: 0,
    cancelled: 0,
    rejected: 0,
    onHold: 0,
    total: rows.length,
  };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

type Options = {
  request?: string;
  /** Also list an overdue, not-actioned contact. */
  withOverdue?: boolean;
  /** Where the page opens, e.g. `/admin/contacts?open=<id>`. */
  initialEntry?: string;
  /** Answer replies with this status and message instead of storing them. */
  replyFailure?: { status: number; message: string };
  permissions?: string[];
};

/**
 * Contacts whose status, assignee and conversation the writes really change (so lists, counts and
 * the open modal follow them), as the API would.
 */
export function renderInbox({
  request,
  withOverdue = false,
  initialEntry = "/admin/contacts",
  replyFailure,
  permissions = ["contact:view-contacts", "contact:update-status"],
}: Options = {}) {
  const rows = new Map<string, ContactDto>([[contactId, contactWith("notActioned", request)]]);
  if (withOverdue) rows.set(overdueId, overdueContact);
  const conversations = new Map<string, ConversationEntry[]>();
  let clock = Date.parse("2025-03-06T09:00:00.000Z");
  const tick = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };
  const detailOf = (contact: ContactDto) => ({
    ...contact,
    conversation: [
      {
        _id: contact._id,
        kind: "request",
        body: contact.request,
        author: { _id: null, name: contact.name },
        createdAt: contact.createdAt,
      },
      ...(conversations.get(contact._id) ?? []),
    ],
  });

  const { requests } = fakeFetch(async (call) => {
    const url = new URL(call.url);
    const [, , , id, tail] = url.pathname.split("/");
    const contact = id ? rows.get(id) : undefined;
    const ok = (data: unknown, status = 200) => ({ status, body: { success: true, message: "ok", data } });
    if (url.pathname === "/api/contacts/assignees") return ok([me, colleague]);
    if (url.pathname === "/api/contacts/get-contact-counts") return ok(countsFor([...rows.values()]));
    if (url.pathname === "/api/contacts") {
      const wanted = url.searchParams.get("status");
      const assigned = url.searchParams.get("assigned");
      const listed = [...rows.values()].filter(
        (row) =>
          (!wanted || wanted === row.status) &&
          (url.searchParams.get("overdue") !== "true" || row.overdue) &&
          (assigned !== "me" || row.assignee?._id === me._id) &&
          (assigned !== "none" || row.assignee === null),
      );
      return ok({
        contacts: listed,
        pagination: { currentPage: 1, totalPages: 1, totalContacts: listed.length, contactsPerPage: 10 },
      });
    }
    if (!contact || !id) return { status: 404, body: { success: false, message: "Contact not found" } };
    const update = (changes: Partial<ContactDto>) => {
      const next = { ...contact, ...changes, updatedAt: tick() };
      rows.set(id, next);
      return next;
    };
    if (call.method === "GET") return ok(detailOf(contact));
    if (call.method === "PUT" && tail === "assignee") {
      const { userId } = (await call.json()) as { userId: string | null };
      const person = [me, colleague].find((p) => p._id === userId);
      return ok(update({ assignee: person ? { _id: person._id, name: person.name } : null }));
    }
    if (call.method === "PUT") {
      const { status } = (await call.json()) as { status: ContactStatus };
      return ok(update({ status, overdue: false }));
    }
    if (call.method === "POST" && (tail === "replies" || tail === "notes")) {
      if (tail === "replies" && replyFailure) {
        return { status: replyFailure.status, body: { success: false, message: replyFailure.message } };
      }
      const { body } = (await call.json()) as { body: string };
      const entry: ConversationEntry = {
        _id: `m-${clock}`,
        kind: tail === "replies" ? "reply" : "note",
        body,
        author: { _id: me._id, name: me.name },
        createdAt: tick(),
        ...(tail === "replies" && { delivery: "pending" as const }),
      };
      conversations.set(id, [...(conversations.get(id) ?? []), entry]);
      if (tail === "replies" && contact.status === "notActioned") update({ status: "inProgress", overdue: false });
      return ok(entry, 201);
    }
    return { status: 405, body: { success: false, message: "unexpected call" } };
  });
  const store = makeStore({
    user: {
      userInfo: { id: me._id, name: me.name, email: me.email, isSuperAdmin: false },
      role: { _id: "r", name: "Support", permissions: permissions.map((name) => ({ name })) },
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
    { store, initialEntries: [initialEntry] },
  );
  return { ...view, requests };
}
