import { paginationOf } from "@shop/shared/schemas/common";
import {
  type MailDeliveryListQuery,
  type MailDeliveryPage,
  type MailDeliverySummary,
  type MailKind,
  type MailTroubleStatus,
  mailDeliveryCopy,
} from "@shop/shared/schemas/mail-delivery";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { OutboxKind } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { queryRows } from "../../lib/sql.ts";
import { retryFailedMail } from "../../mail/outbox.ts";

/** The outbox's kinds are the ones staff are told about: a new kind fails to compile until it is named. */
const sameKinds: [OutboxKind, MailKind] extends [MailKind, OutboxKind] ? true : never = true;
void sameKinds;

/**
 * Mail in trouble: failed for good, or pending after at least one failed attempt (a first attempt
 * still in flight has no error yet and is not trouble). Only failed and pending rows qualify, which
 * the (status, next_attempt_at) index finds without reading the month of sent mail beside them.
 */
const troubleOf = {
  failed: sql`status = 'failed'`,
  retrying: sql`status = 'pending' and last_error is not null`,
} satisfies Record<MailTroubleStatus, unknown>;
const anyTrouble = sql`(${troubleOf.failed} or (${troubleOf.retrying}))`;

type Row = {
  id: string;
  kind: MailKind;
  status: "failed" | "pending";
  to: string[] | string;
  subject: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string;
  total: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Newest first, a page at a time. The statement reads the message's addresses and subject out of the
 * stored JSON and nothing else of it: the body (a reset or confirmation link) never leaves the database.
 */
export async function listTroubledMail(db: Db, query: MailDeliveryListQuery): Promise<MailDeliveryPage> {
  const where = query.status ? troubleOf[query.status] : anyTrouble;
  const rows = await queryRows<Row>(
    db,
    sql`select id, kind, status, message->'to' as "to", message->>'subject' as subject, attempts, last_error,
        created_at, next_attempt_at, count(*) over ()::int as total
      from mail_outbox where ${where}
      order by created_at desc, id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    mails: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      status: row.status === "failed" ? "failed" : "retrying",
      to: typeof row.to === "string" ? (JSON.parse(row.to) as string[]) : row.to,
      subject: row.subject ?? "",
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: iso(row.created_at),
      nextAttemptAt: row.status === "failed" ? null : iso(row.next_attempt_at),
    })),
    pagination: { ...paginationOf(query.page, query.limit, total), totalMails: total, mailsPerPage: query.limit },
  };
}

/** How much mail is in trouble, for the banner staff see on the dashboard. */
export async function summariseTroubledMail(db: Db): Promise<MailDeliverySummary> {
  const [row] = await queryRows<MailDeliverySummary>(
    db,
    sql`select count(*) filter (where ${troubleOf.failed})::int as failed,
        count(*) filter (where ${troubleOf.retrying})::int as retrying
      from mail_outbox where status in ('failed', 'pending')`,
  );
  return row ?? { failed: 0, retrying: 0 };
}

/** Sends a failed message again; 404 when the outbox no longer has it, 409 when it is not failed or has expired. */
export async function retryMail(db: Db, id: string): Promise<{ kind: MailKind; recipient: string }> {
  const retried = await retryFailedMail(db, id);
  if (retried) return retried;
  const [exists] = await queryRows<{ status: string; expired: boolean }>(
    db,
    sql`select status, coalesce(expires_at <= now(), false) as expired from mail_outbox where id = ${id}`,
  );
  if (!exists) throw notFound(mailDeliveryCopy.notFound);
  throw conflict(exists.status === "failed" && exists.expired ? mailDeliveryCopy.expired : mailDeliveryCopy.notFailed);
}
