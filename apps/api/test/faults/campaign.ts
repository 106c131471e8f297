import { setTimeout as sleep } from "node:timers/promises";
import type { Captured } from "../smtp-sink.ts";
import type { FreshDatabase } from "./databases.ts";
import { api, type Server } from "./processes.ts";

/**
 * Subscribers written straight into the database: thousands through the API would cost the test its time budget.
 * Each gets its own whole-millisecond created_at: the CSV exports page on (created_at, id) through JavaScript
 * Dates, which drop microseconds, and rows sharing one microsecond timestamp are lost past the first page
 * (a product bug reported separately; the shutdown test needs a complete export, not that bug).
 */
export async function addSubscribers(database: FreshDatabase, count: number, prefix: string): Promise<void> {
  await database.pool.query(
    `insert into subscribers (id, email, status, source, subscribed_at, created_at)
     select uuid_v7(), $1 || n || '@example.com', 'subscribed', 'admin', now(),
       date_trunc('milliseconds', now()) - n * interval '1 millisecond'
     from generate_series(1, $2::int) n`,
    [prefix, count],
  );
}

/** Drafts a campaign to everyone and starts it, as an admin would in the back office. */
export async function sendCampaign(server: Server, token: string, subject: string) {
  const draft = await api<{ _id: string }>(server, "POST", "/api/compose-mail", {
    token,
    body: { subject, html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
  });
  if (draft.status !== 201) throw new Error(`draft failed: ${draft.status} ${draft.body.message}`);
  const started = await api<{ _id: string; recipientCount: number }>(server, "POST", "/api/emailhistory/send-mail", {
    token,
    body: { mailId: draft.body.data._id },
  });
  if (started.status !== 202) throw new Error(`send failed: ${started.status} ${started.body.message}`);
  return { id: started.body.data._id, recipientCount: started.body.data.recipientCount };
}

/** How often each address was delivered to; `duplicates` counts the extra deliveries. */
export function deliveries(messages: Captured[]) {
  const perAddress = new Map<string, number>();
  for (const message of messages) for (const to of message.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  const duplicates = [...perAddress.values()].reduce((sum, n) => sum + (n - 1), 0);
  return { reached: perAddress.size, duplicates };
}

export async function recipientCounts(database: FreshDatabase, campaignId: string) {
  const result = await database.pool.query<{ status: string; n: number }>(
    "select status, count(*)::int as n from campaign_recipients where campaign_id = $1 group by status",
    [campaignId],
  );
  return Object.fromEntries(result.rows.map((row) => [row.status, row.n])) as Record<string, number>;
}

/** Polls until `ready()` is true; throws naming `what` after `timeoutMs`. */
export async function waitUntil(what: string, timeoutMs: number, ready: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
