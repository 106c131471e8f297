import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { csvRow } from "@shop/shared/csv";
import { paginationOf } from "@shop/shared/schemas/common";
import type {
  ContactCounts,
  ContactDto,
  ContactListQuery,
  ContactStatus,
  ContactUpdate,
} from "@shop/shared/schemas/contacts";
import { contactStatuses, enquiryResponseHours } from "@shop/shared/schemas/contacts";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { contacts, users } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import { dayBoundary, escapeLike, olderThanRow, preparedStatements } from "../../lib/sql.ts";

export const contactNotFound = "Contact not found";

/** Enquiries created before this, and still not actioned, have missed the promised response time. */
export function overdueCutoff(now = Date.now()): Date {
  return new Date(now - enquiryResponseHours * 3_600_000);
}

type ContactRow = typeof contacts.$inferSelect;
type Enquiry = Pick<ContactRow, "messageType" | "subject" | "request">;

/** The product named by the product modal's "Inquiry about {product}" (its first line), if this is one. */
export function enquiryProductName(contact: Pick<Enquiry, "messageType" | "request">): string | undefined {
  if (contact.messageType !== "productRequest") return undefined;
  const prefix = storefrontCopy.enquiry.request("");
  if (!contact.request.startsWith(prefix)) return undefined;
  return contact.request.slice(prefix.length).split("\n", 1)[0]?.trim() || undefined;
}

/** The cart's item count in a quote request: the quantities of its "2 × Name ($49.99)" lines. */
function quoteItemCount(request: string): number | undefined {
  const quantities = request.split("\n").map((line) => /^(\d+) × /.exec(line.trim())?.[1]);
  const found = quantities.filter((quantity) => quantity !== undefined);
  return found.length ? found.reduce((sum, quantity) => sum + Number(quantity), 0) : undefined;
}

/** What the list shows an enquiry is about: "Product: Smart Lock", "Cart: 3 items", else its subject. */
export function contactAbout(contact: Enquiry): string {
  const product = enquiryProductName(contact);
  if (product) return backofficeCopy.contacts.aboutProduct(product);
  const items = contact.messageType === "quoteRequest" ? quoteItemCount(contact.request) : undefined;
  return items === undefined ? contact.subject : backofficeCopy.contacts.aboutCart(items);
}
/** The assignee's name, read with the row (null when unassigned). */
type Assignee = { assigneeName: string | null };

export function toContactDto(row: ContactRow & Assignee, cutoff = overdueCutoff()): ContactDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    messageType: row.messageType,
    subject: row.subject,
    request: row.request,
    about: contactAbout(row),
    status: row.status as ContactStatus,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assignee: row.assignedTo && row.assigneeName !== null ? { _id: row.assignedTo, name: row.assigneeName } : null,
    overdue: row.status === "notActioned" && row.createdAt < cutoff,
  };
}

/** Contacts with their assignee's name. */
function selectContacts(db: Db) {
  return db
    .select({ contact: contacts, assigneeName: users.name })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.assignedTo));
}

const withAssignee = (row: { contact: ContactRow; assigneeName: string | null }, cutoff?: Date) =>
  toContactDto({ ...row.contact, assigneeName: row.assigneeName }, cutoff);

export type NewContact = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  request: string;
  messageType: string;
  createdBy: string;
  ipAddress: string | null;
};

function insertQuery(db: Db) {
  const value = (name: keyof NewContact | "id") => sql.placeholder(name);
  return db
    .insert(contacts)
    .values({
      id: value("id"),
      name: value("name"),
      email: value("email"),
      phone: value("phone"),
      subject: value("subject"),
      request: value("request"),
      messageType: value("messageType"),
      createdBy: value("createdBy"),
      ipAddress: value("ipAddress"),
      status: "notActioned",
    })
    .returning();
}

/** Every enquiry from the storefront runs this insert. */
const inserts = preparedStatements<ReturnType<typeof insertQuery>>();

/** Stored exactly as typed: HTML in any field is text, and every screen renders it as text. */
export async function createContact(db: Db, input: NewContact): Promise<ContactDto> {
  const [row] = await inserts(db, "create", () => insertQuery(db)).execute({ ...input, id: uuidv7() });
  if (!row) throw new Error("insert returned nothing");
  return toContactDto({ ...row, assigneeName: null });
}

/** The list's filters; `viewerId` is who "assigned to me" means. */
export type ContactFilters = Omit<ContactListQuery, "page" | "limit" | "sortBy" | "sortOrder"> & { viewerId?: string };

function contactWhere(query: ContactFilters, cutoff: Date, withStatus = true): SQL | undefined {
  const filters: SQL[] = [];
  if (withStatus && query.status) filters.push(eq(contacts.status, query.status));
  if (query.assigned === "none") filters.push(isNull(contacts.assignedTo));
  // Without a caller nobody is "me": the filter matches nothing rather than everything.
  if (query.assigned === "me") filters.push(query.viewerId ? eq(contacts.assignedTo, query.viewerId) : sql`false`);
  if (query.overdue) filters.push(eq(contacts.status, "notActioned"), lt(contacts.createdAt, cutoff));
  if (query.messageType) filters.push(eq(contacts.messageType, query.messageType));
  if (query.from) filters.push(gte(contacts.createdAt, dayBoundary(query.from, false)));
  if (query.to) filters.push(lte(contacts.createdAt, dayBoundary(query.to, true)));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    // The same expression as the trigram index, so contains-search stays fast on a big inbox.
    filters.push(
      ilike(
        sql`(${contacts.name} || ' ' || ${contacts.email} || ' ' || ${contacts.phone} || ' ' || ${contacts.subject})`,
        pattern,
      ),
    );
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

const sortColumns = {
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
  name: contacts.name,
  status: contacts.status,
} as const;

export async function listContacts(db: Db, query: ContactListQuery & { viewerId?: string }) {
  const cutoff = overdueCutoff();
  const where = contactWhere(query, cutoff);
  const order = query.sortOrder === "asc" ? asc : desc;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectContacts(db)
      .where(where)
      .orderBy(order(sortColumns[query.sortBy]), desc(contacts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return {
    contacts: rows.map((row) => withAssignee(row, cutoff)),
    pagination: {
      ...paginationOf(query.page, query.limit, total),
      totalContacts: total,
      contactsPerPage: query.limit,
    },
  };
}

/**
 * One grouped count for the status tabs. The tabs ignore the status filter itself but follow the
 * others, so the numbers match what each tab would list.
 */
export async function countContacts(db: Db, query: ContactFilters = {}): Promise<ContactCounts> {
  const rows = await db
    .select({ status: contacts.status, total: count() })
    .from(contacts)
    .where(contactWhere(query, overdueCutoff(), false))
    .groupBy(contacts.status);
  const counts = Object.fromEntries(contactStatuses.map((status) => [status, 0])) as Record<ContactStatus, number>;
  let total = 0;
  for (const row of rows) {
    if (row.status in counts) counts[row.status as ContactStatus] = row.total;
    total += row.total;
  }
  return { ...counts, total };
}

/** A contact with its assignee; `lock` holds the row until the caller's transaction ends. */
export async function getContact(db: Db, id: string, options: { lock?: boolean } = {}): Promise<ContactDto> {
  const query = selectContacts(db).where(eq(contacts.id, id));
  const [row] = await (options.lock ? query.for("update", { of: contacts }) : query);
  if (!row) throw notFound(contactNotFound);
  return withAssignee(row);
}

export type ContactChange = { before: ContactDto; after: ContactDto };

/** Every change of a contact's fields or status goes through here (a reply moves the status too). */
export async function updateContact(
  db: Db,
  id: string,
  input: ContactUpdate & { assignedTo?: string | null },
): Promise<ContactChange> {
  const before = await getContact(db, id);
  const [row] = await db.update(contacts).set(input).where(eq(contacts.id, id)).returning({ id: contacts.id });
  if (!row) throw notFound(contactNotFound);
  return { before, after: await getContact(db, id) };
}

export async function deleteContact(db: Db, id: string): Promise<ContactDto> {
  const [row] = await db.delete(contacts).where(eq(contacts.id, id)).returning();
  if (!row) throw notFound(contactNotFound);
  return toContactDto({ ...row, assigneeName: null });
}

/** Not-actioned enquiries past the promised response time (the dashboard's badge). */
export async function countOverdueContacts(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contacts)
    .where(contactWhere({ overdue: true }, overdueCutoff()));
  return row?.total ?? 0;
}

const exportBatch = 2_000;

/** The filtered inbox as formula-safe CSV, read in keyset-paged batches. */
export async function* exportContacts(db: Db, query: ContactFilters): AsyncGenerator<string> {
  yield csvRow(["Created", "Name", "Email", "Phone", "Message type", "Subject", "Message", "Status", "Created by"]);
  let afterId: string | undefined;
  for (;;) {
    const keyset = afterId ? olderThanRow("contacts", afterId) : undefined;
    const rows = await db
      .select()
      .from(contacts)
      .where(and(contactWhere(query, overdueCutoff()), keyset))
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(exportBatch);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvRow([
          row.createdAt,
          row.name,
          row.email,
          row.phone,
          row.messageType,
          row.subject,
          row.request,
          row.status,
          row.createdBy,
        ]),
      )
      .join("");
    const last = rows[rows.length - 1];
    if (!last || rows.length < exportBatch) return;
    afterId = last.id;
  }
}
