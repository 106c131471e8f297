import { paginationOf } from "@shop/shared/schemas/common";
import type {
  ContactCounts,
  ContactDto,
  ContactListQuery,
  ContactStatus,
  ContactUpdate,
} from "@shop/shared/schemas/contacts";
import { contactStatuses } from "@shop/shared/schemas/contacts";
import { and, asc, count, desc, eq, gte, ilike, lte, type SQL, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { contacts } from "../../db/schema/index.ts";
import { csvRow } from "../../lib/csv.ts";
import { notFound } from "../../lib/errors.ts";
import { dayBoundary, escapeLike, olderThanRow, preparedStatements } from "../../lib/sql.ts";

export const contactNotFound = "Contact not found";

export function toContactDto(row: typeof contacts.$inferSelect): ContactDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    messageType: row.messageType,
    subject: row.subject,
    request: row.request,
    status: row.status as ContactStatus,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
  return toContactDto(row);
}

type ContactFilters = Omit<ContactListQuery, "page" | "limit" | "sortBy" | "sortOrder">;

function contactWhere(query: ContactFilters, withStatus = true): SQL | undefined {
  const filters: SQL[] = [];
  if (withStatus && query.status) filters.push(eq(contacts.status, query.status));
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

export async function listContacts(db: Db, query: ContactListQuery) {
  const where = contactWhere(query);
  const order = query.sortOrder === "asc" ? asc : desc;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(order(sortColumns[query.sortBy]), desc(contacts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return {
    contacts: rows.map(toContactDto),
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
    .where(contactWhere(query, false))
    .groupBy(contacts.status);
  const counts = Object.fromEntries(contactStatuses.map((status) => [status, 0])) as Record<ContactStatus, number>;
  let total = 0;
  for (const row of rows) {
    if (row.status in counts) counts[row.status as ContactStatus] = row.total;
    total += row.total;
  }
  return { ...counts, total };
}

export async function getContact(db: Db, id: string): Promise<ContactDto> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  if (!row) throw notFound(contactNotFound);
  return toContactDto(row);
}

export type ContactChange = { before: ContactDto; after: ContactDto };

export async function updateContact(db: Db, id: string, input: ContactUpdate): Promise<ContactChange> {
  const before = await getContact(db, id);
  const [row] = await db.update(contacts).set(input).where(eq(contacts.id, id)).returning();
  if (!row) throw notFound(contactNotFound);
  return { before, after: toContactDto(row) };
}

export async function deleteContact(db: Db, id: string): Promise<ContactDto> {
  const [row] = await db.delete(contacts).where(eq(contacts.id, id)).returning();
  if (!row) throw notFound(contactNotFound);
  return toContactDto(row);
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
      .where(and(contactWhere(query), keyset))
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
