import { copy } from "@shop/shared/copy";
import { inboxCopy } from "@shop/shared/inbox-copy";
import type {
  ContactAssigneeDto,
  ContactDetailDto,
  ConversationEntry,
  ReplyDelivery,
} from "@shop/shared/schemas/contact-threads";
import type { ContactDto } from "@shop/shared/schemas/contacts";
import { and, asc, eq, exists, or, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { contactMessages, type MailAddress, mailOutbox, rolePermissions, users } from "../../db/schema/index.ts";
import type { ContactMessageKind } from "../../db/schema/mail.ts";
import { badRequest } from "../../lib/errors.ts";
import { enqueueContactReply } from "./reply-mail.ts";
import { type ContactChange, getContact, updateContact } from "./service.ts";

/** Who writes a reply or a note: the signed-in staff member. */
export type Author = { userId: string; name: string };

/** A conversation longer than this shows its latest entries; no enquiry comes near it. */
const conversationLimit = 500;

function requestEntry(contact: ContactDto): ConversationEntry {
  return {
    _id: contact._id,
    kind: "request",
    body: contact.request,
    author: { _id: null, name: contact.name },
    createdAt: contact.createdAt,
  };
}

async function conversationOf(db: Db, contact: ContactDto): Promise<ConversationEntry[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      kind: contactMessages.kind,
      body: contactMessages.body,
      authorId: contactMessages.authorId,
      authorName: contactMessages.authorName,
      createdAt: contactMessages.createdAt,
      delivery: mailOutbox.status,
    })
    .from(contactMessages)
    .leftJoin(mailOutbox, eq(mailOutbox.id, contactMessages.mailId))
    .where(eq(contactMessages.contactId, contact._id))
    .orderBy(sql`${contactMessages.createdAt} desc, ${contactMessages.id} desc`)
    .limit(conversationLimit);
  const entries = rows.reverse().map(
    (row): ConversationEntry => ({
      _id: row.id,
      kind: row.kind,
      body: row.body,
      author: { _id: row.authorId, name: row.authorName },
      createdAt: row.createdAt.toISOString(),
      ...(row.kind === "reply" && { delivery: (row.delivery ?? "pending") as ReplyDelivery }),
    }),
  );
  return [requestEntry(contact), ...entries];
}

/** The contact, its assignee and its conversation: the request first, then replies and notes in time order. */
export async function getContactDetail(db: Db, id: string): Promise<ContactDetailDto> {
  const contact = await getContact(db, id);
  return { ...contact, conversation: await conversationOf(db, contact) };
}

async function addMessage(
  db: Db,
  contactId: string,
  author: Author,
  kind: ContactMessageKind,
  body: string,
  mailId: string | null = null,
): Promise<ConversationEntry> {
  const [row] = await db
    .insert(contactMessages)
    .values({ id: uuidv7(), contactId, kind, body, authorId: author.userId, authorName: author.name, mailId })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return {
    _id: row.id,
    kind: row.kind,
    body: row.body,
    author: { _id: row.authorId, name: row.authorName },
    createdAt: row.createdAt.toISOString(),
    ...(kind === "reply" && { delivery: "pending" as const }),
  };
}

export type ReplyResult = ContactChange & { entry: ConversationEntry };

/**
 * Mails a reply to the customer and keeps it on the contact, in one transaction: the message is in
 * the outbox exactly when the reply is in the conversation. A reply starts the work on a request
 * nobody has actioned yet.
 */
export async function replyToContact(
  db: Db,
  author: Author,
  id: string,
  body: string,
  mailFrom: MailAddress | undefined,
): Promise<ReplyResult> {
  return db.transaction(async (tx) => {
    const contact = await getContact(tx, id, { lock: true });
    const mailId = await enqueueContactReply(tx, contact, body, mailFrom);
    const entry = await addMessage(tx, contact._id, author, "reply", body, mailId);
    const change =
      contact.status === "notActioned"
        ? await updateContact(tx, id, { status: "inProgress" })
        : { before: contact, after: contact };
    return { ...change, entry };
  });
}

/** An internal note: kept on the contact, never sent. */
export async function addContactNote(
  db: Db,
  author: Author,
  id: string,
  body: string,
): Promise<{ contact: ContactDto; entry: ConversationEntry }> {
  const contact = await getContact(db, id);
  return { contact, entry: await addMessage(db, contact._id, author, "note", body) };
}

/** Active staff who may view contacts (a super admin may view everything). */
function assignable() {
  return and(
    eq(users.isActive, true),
    or(
      eq(users.isSuperAdmin, true),
      exists(
        sql`(select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId} and ${rolePermissions.permission} = 'contact:view-contacts')`,
      ),
    ),
  );
}

/** Who a contact may be assigned to, by name. Staff are few; the cap only guards the response size. */
export async function listAssignees(db: Db): Promise<ContactAssigneeDto[]> {
  const rows = await db
    .select({ _id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(assignable())
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(500);
  return rows;
}

/** Assigns a contact to an active staff member who may view contacts, or to nobody (null). */
export async function assignContact(db: Db, id: string, userId: string | null): Promise<ContactChange> {
  await getContact(db, id);
  if (userId !== null) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), assignable()));
    if (!user) throw badRequest(copy.validation.invalidInput, { userId: inboxCopy.assigneeInvalid });
  }
  return updateContact(db, id, { assignedTo: userId });
}
