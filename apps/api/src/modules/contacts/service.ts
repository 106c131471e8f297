import type { ContactDto, ContactStatus } from "@shop/shared/schemas/contacts";
import type { Db } from "../../db/client.ts";
import { contacts } from "../../db/schema/index.ts";

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

/** Stored exactly as typed: HTML in any field is text, and every screen renders it as text. */
export async function createContact(db: Db, input: NewContact): Promise<ContactDto> {
  const [row] = await db
    .insert(contacts)
    .values({ ...input, status: "notActioned" })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return toContactDto(row);
}
