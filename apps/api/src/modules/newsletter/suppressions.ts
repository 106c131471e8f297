import { createHash } from "node:crypto";
import { normaliseEmail } from "@shop/shared/email-address";
import type { SuppressionReason } from "@shop/shared/schemas/deliverability";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pgArray, queryRows } from "../../lib/sql.ts";

/**
 * The one suppression list: an address that bounced hard, complained, unsubscribed or was erased is
 * never mailed by a campaign again, whatever later re-adds it (an import, a hand edit). Account mail
 * (password resets, confirmations) does not look here. Addresses are kept lowercased; at most one
 * row per address is in force (lifted_at is null), and lifting keeps the row as the record. An erased
 * person's address is kept only as its SHA-256 ("sha256:<hex>"): enough to recognise it if it is
 * imported again, without keeping the address itself after an erasure.
 */
/** As every address is kept (normaliseEmail): an internationalised domain in punycode. */
const normal = normaliseEmail;
const hashed = (email: string) => `sha256:${createHash("sha256").update(normal(email)).digest("hex")}`;
/** The row in force for an address, stored as itself or, after an erasure, hashed. */
const matches = (email: string) => sql`lower(email) in (${normal(email)}, ${hashed(email)}) and lifted_at is null`;

export async function suppress(db: Pick<Db, "execute">, email: string, reason: SuppressionReason): Promise<void> {
  await suppressMany(db, [email], reason);
}

/**
 * An erased person's address: every row of the list naming it in clear goes, and only its hash stays
 * on the list. Runs in the erasure's transaction (erasure.ts, which sees to their bounce reports).
 */
export async function suppressErased(db: Pick<Db, "execute">, email: string): Promise<void> {
  await db.execute(sql`delete from suppressions where lower(email) = ${normal(email)}`);
  await suppressMany(db, [email], "erased");
}

/**
 * Adds the addresses in one statement. One already suppressed keeps its first reason, but for an
 * unsubscribe, which a bounce, a complaint or an erasure replaces (and dates anew): the person's own
 * new sign-up lifts an unsubscribe (liftOwnUnsubscribe), and must not lift what came after it.
 */
export async function suppressMany(
  db: Pick<Db, "execute">,
  emails: readonly string[],
  reason: SuppressionReason,
): Promise<void> {
  const unique = [...new Set(emails.filter((email) => email.trim()).map(reason === "erased" ? hashed : normal))];
  if (unique.length === 0) return;
  await db.execute(sql`insert into suppressions (id, email, reason)
    select uuid_v7(), v.email, ${reason} from unnest(${pgArray(unique)}::text[]) as v(email)
    on conflict (lower(email)) where lifted_at is null do update
      set reason = excluded.reason, created_at = excluded.created_at
      where suppressions.reason = 'unsubscribed' and excluded.reason <> 'unsubscribed'`);
}

export async function isSuppressed(db: Pick<Db, "execute">, email: string): Promise<boolean> {
  const rows = await queryRows<{ reason: string }>(db, sql`select reason from suppressions where ${matches(email)}`);
  return rows.length > 0;
}

export type ActiveSuppression = { id: string; email: string; reason: SuppressionReason; createdAt: Date };

/** The row in force for an address, if any. */
export async function activeSuppression(db: Pick<Db, "execute">, email: string): Promise<ActiveSuppression | null> {
  const [row] = await queryRows<{ id: string; email: string; reason: SuppressionReason; created_at: Date | string }>(
    db,
    sql`select id, email, reason, created_at from suppressions where ${matches(email)}`,
  );
  return row ? { id: row.id, email: row.email, reason: row.reason, createdAt: new Date(row.created_at) } : null;
}

/**
 * Lifts the suppression in force for an address (a user with newsletter:update-subscriber, who is
 * recorded). Returns what was lifted, or null when the address was not suppressed. The caller logs it.
 */
export async function liftSuppression(
  db: Pick<Db, "execute">,
  email: string,
  liftedBy: string | null,
): Promise<ActiveSuppression | null> {
  const [row] = await queryRows<{ id: string; email: string; reason: SuppressionReason; created_at: Date | string }>(
    db,
    sql`update suppressions set lifted_at = now(), lifted_by = ${liftedBy} where ${matches(email)}
      returning id, email, reason, created_at`,
  );
  return row ? { id: row.id, email: row.email, reason: row.reason, createdAt: new Date(row.created_at) } : null;
}

/**
 * Lifts an unsubscribe-only suppression when the person confirms a new sign-up from their mailbox:
 * fresh consent. Bounces, complaints and erasures stay until staff lift them.
 */
export async function liftOwnUnsubscribe(db: Pick<Db, "execute">, email: string): Promise<void> {
  await db.execute(sql`update suppressions set lifted_at = now()
    where ${matches(email)} and reason = 'unsubscribed'`);
}

/**
 * The one test of whether an address is suppressed, as the text around the address expression
 * (which appears twice). Erased addresses are on the list as their SHA-256, so an address is hashed
 * only while the list holds such: the uncorrelated subquery runs once per statement, on the list's
 * index. Its range holds every 'sha256:' and hex digits in any collation; an address it holds by
 * chance only costs the hashing. Campaigns hashed every recipient's address when they were queued
 * and again when claimed (SHA-256 costs 2–6 µs an address on PGlite, which runs on the main thread).
 */
const suppressedTest = [
  "(exists (select 1 from suppressions x where x.lifted_at is null and lower(x.email) = lower(",
  `))
    or (select exists (select 1 from suppressions
      where lifted_at is null and lower(email) >= 'sha256:' and lower(email) < 'sha256:g'))
    and exists (
      select 1 from suppressions x where x.lifted_at is null
      and lower(x.email) = 'sha256:' || encode(sha256(convert_to(lower(`,
  `), 'UTF8')), 'hex')
    ))`,
] as const;

/** SQL true when the address in `emailColumn` is suppressed: campaigns filter their recipients with it. */
export const suppressedAddress = (emailColumn: SQL) =>
  sql.join([
    sql.raw(suppressedTest[0]),
    emailColumn,
    sql.raw(suppressedTest[1]),
    emailColumn,
    sql.raw(suppressedTest[2]),
  ]);

/**
 * The same test as raw SQL text, for the import's batch statements (written as text for its own
 * connections). `email` is an SQL expression the caller writes, never input.
 */
export const suppressedAddressText = (email: string) =>
  `${suppressedTest[0]}${email}${suppressedTest[1]}${email}${suppressedTest[2]}`;
