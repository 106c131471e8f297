import { setTimeout as sleep } from "node:timers/promises";
import type { Settings } from "@shop/shared/schemas/settings";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaigns, type MailAddress } from "../../db/schema/index.ts";
import { type CampaignForSending, campaignMessage, type LinkContext } from "../../mail/campaign-message.ts";
import { compileCampaign } from "../../mail/render.ts";
import { withSender } from "../../mail/sender.ts";
import { classify } from "../../mail/smtp-errors.ts";
import type { Mailer } from "../../mail/transport.ts";
import { getSettings } from "../settings/service.ts";
import { hardBouncedWhileSending, pauseSending } from "./lifecycle.ts";
import { type Outcome, recordOutcomes } from "./recipient-outcomes.ts";
import { type Claimed, cancelledReason, extendClaims } from "./recipient-queue.ts";
import { storeCampaignLinks } from "./tracking.ts";

/** What every message of a send links with, and the operator's MAIL_FROM. */
export type DeliveryContext = Omit<LinkContext, "settings"> & { mailFrom?: MailAddress | undefined };

/** A campaign's body compiled once for all its messages (juice, html-to-text), with its tracked links stored. */
export async function campaignForSending(
  db: Db,
  campaign: { id: string; subject: string; html: string; preheader: string },
  storeName: string,
  test?: true,
): Promise<CampaignForSending> {
  const compiled = compileCampaign({ html: campaign.html, preheader: campaign.preheader, storeName });
  return {
    id: campaign.id,
    subject: campaign.subject,
    compiled,
    linkIds: await storeCampaignLinks(db, campaign.id, compiled.links),
    ...(test && { test }),
  };
}

/** A campaign compiled for sending, with the settings its messages carry (the effective sender in them). */
export type PreparedCampaign = { campaign: CampaignForSending; settings: Settings };

/**
 * Campaigns compiled for sending, kept while they send. The settings are read once per campaign:
 * every message of a send carries the same sender, and reading them per batch was one more
 * statement per 100 messages on PGlite's main thread.
 */
export function createCompiledCampaigns(db: Db, mailFrom: MailAddress | undefined) {
  // Promises, so the two lanes starting on one campaign at once compile it once.
  const compiled = new Map<string, Promise<PreparedCampaign | undefined>>();

  async function build(campaignId: string): Promise<PreparedCampaign | undefined> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!row) return undefined;
    const settings = withSender(await getSettings(db), mailFrom);
    return { campaign: await campaignForSending(db, row, settings.storeName), settings };
  }

  return {
    get(campaignId: string): Promise<PreparedCampaign | undefined> {
      let ready = compiled.get(campaignId);
      if (!ready) {
        ready = build(campaignId);
        compiled.set(campaignId, ready);
        // A failed or empty build (database briefly away) is not remembered: the next message tries again.
        const forget = () => compiled.delete(campaignId);
        ready.then((built) => built ?? forget(), forget);
      }
      return ready;
    },
    forget(campaignIds: string[]): void {
      for (const id of campaignIds) compiled.delete(id);
    },
    clear(): void {
      compiled.clear();
    },
  };
}
export type CompiledCampaigns = ReturnType<typeof createCompiledCampaigns>;

export type DeliveryOptions = {
  concurrency: number;
  /** Outcomes are written down after this many messages (what a crash could repeat at most). */
  recordEvery: number;
  maxAttempts: number;
  /** Waits for the rate limit's next message, if there is one; cut short when `stop` aborts. */
  throttle: () => Promise<void>;
  /** The sender is stopping (SIGTERM): the batch ends with the messages already handed over. */
  stop: AbortSignal;
  /** The claim's lease: renewed every third of it while the batch lasts. */
  leaseMs: number;
};

/** Written down: the recipients' status, then what a hard bounce does to the campaign and the subscriber. */
export async function writeOutcomes(db: Db, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await hardBouncedWhileSending(db, await recordOutcomes(db, outcomes));
}

/**
 * A batch was sent but the database would not take its outcomes (a dropped connection): they are
 * carried here, so the sender writes them before it claims again rather than letting the leases run
 * out and the people be mailed a second time.
 */
export class OutcomesNotWritten extends Error {
  constructor(
    readonly outcomes: Outcome[],
    cause: unknown,
  ) {
    super(`${outcomes.length} campaign outcomes could not be written`, { cause });
  }
}

/** Waits between the last tries to write a batch's outcomes: a brief outage passes within them. */
const rewriteWaitsMs = [250, 1_000];

async function writeWithRetries(db: Db, outcomes: Outcome[]): Promise<void> {
  for (const wait of [0, ...rewriteWaitsMs]) {
    await sleep(wait);
    try {
      return await writeOutcomes(db, outcomes);
    } catch (error) {
      if (wait === rewriteWaitsMs.at(-1)) throw new OutcomesNotWritten(outcomes, error);
    }
  }
}

/**
 * How often a batch looks again at its campaigns' statuses: a pause or a cancel stops the messages
 * not yet handed over within about this long, for one small statement a second.
 */
const statusEveryMs = 1_000;

/** The campaigns' statuses, read again at most every statusEveryMs; the last read stands if one fails. */
function watchStatuses(db: Db, campaignIds: string[]): (campaignId: string) => Promise<string | undefined> {
  // Claimed from sending campaigns only, so that is where the batch starts.
  let read = Promise.resolve(new Map(campaignIds.map((id): [string, string] => [id, "sending"])));
  let readAt = Date.now();
  return async (campaignId) => {
    if (Date.now() - readAt >= statusEveryMs) {
      readAt = Date.now();
      const last = read;
      read = db
        .select({ id: campaigns.id, status: campaigns.status })
        .from(campaigns)
        .where(inArray(campaigns.id, campaignIds))
        .then(
          (rows) => new Map(rows.map((row): [string, string] => [row.id, row.status])),
          () => last,
        );
    }
    return (await read).get(campaignId);
  };
}

/**
 * Sends a claimed batch, `concurrency` messages at a time, and records outcomes every `recordEvery`
 * messages, so a crash can only repeat the few messages whose delivery was not yet written down.
 * Outcomes the database would not take even at the end are thrown as OutcomesNotWritten.
 */
export async function deliverBatch(
  db: Db,
  mailer: Mailer,
  context: DeliveryContext,
  prepared: CompiledCampaigns,
  batch: Claimed[],
  options: DeliveryOptions,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  // The batch keeps its lease while it lasts (a slow relay, a slow rate), the rows already sent but
  // not yet written down too: a lease that ran out would hand them to another sender, who would
  // mail them again. Rows written down are no longer under a lease and are left alone.
  const renewal = setInterval(() => {
    extendClaims(db, batch, options.leaseMs).catch(() => {});
  }, options.leaseMs / 3);
  let unrecorded: Outcome[] = [];
  // Each chunk's write handles its own failure: the chain never rejects (an unhandled rejection
  // would end the process) and a failed chunk does not stop the later ones; it is tried again at the end.
  const unwritten: Outcome[] = [];
  let recording: Promise<void> = Promise.resolve();
  const push = (outcome: Outcome) => {
    outcomes.push(outcome);
    unrecorded.push(outcome);
    if (unrecorded.length >= options.recordEvery) {
      const chunk = unrecorded;
      unrecorded = [];
      recording = recording.then(() => writeOutcomes(db, chunk).catch(() => void unwritten.push(...chunk)));
    }
  };
  // Campaigns the relay refused (classify: relay) are paused, and the rest of their recipients held.
  const halted = new Set<string>();
  const pausing: Promise<void>[] = [];
  const halt = (campaignId: string, why: string) => {
    if (halted.has(campaignId)) return;
    halted.add(campaignId);
    pausing.push(pauseSending(db, campaignId, `Paused: the mail server refused the campaign's mail (${why})`));
  };
  // A pause or a cancel by staff stops the batch too, not only the next claim: a paused campaign's
  // recipients go back to the queue, a cancelled one's are skipped.
  const statusOf = watchStatuses(db, [...new Set(batch.map((r) => r.campaign_id))]);
  const heldBack = async (recipient: Claimed): Promise<boolean> => {
    const status = halted.has(recipient.campaign_id) ? "paused" : await statusOf(recipient.campaign_id);
    if (status === "sending") return false;
    const { id, attempts } = recipient;
    // A deleted campaign (no status) took its rows with it: holding them writes nothing.
    push(
      status === "cancelled"
        ? { id, attempts, kind: "skipped", error: cancelledReason }
        : { id, attempts, kind: "held" },
    );
    return true;
  };
  // A stopping process has seconds before it is killed, and a rate-limited batch lasts up to half a
  // lease: what it has not handed over goes back to the queue untried, for the next sender to take at
  // once, and what it sent is written down before stop() resolves (or it would be mailed again).
  const stopped = (recipient: Claimed): boolean => {
    if (!options.stop.aborted) return false;
    push({ id: recipient.id, attempts: recipient.attempts, kind: "held" });
    return true;
  };
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const recipient = batch[next++];
      if (!recipient) return;
      if (stopped(recipient)) continue;
      const ready = await prepared.get(recipient.campaign_id);
      if (!ready) continue;
      // Asked again after the rate limit's wait, which may be long: the campaign or the sender may have stopped meanwhile.
      if (await heldBack(recipient)) continue;
      await options.throttle();
      if (stopped(recipient) || (await heldBack(recipient))) continue;
      try {
        const message = campaignMessage(
          ready.campaign,
          { id: recipient.id, subscriberId: recipient.subscriber_id, email: recipient.email },
          { ...context, settings: ready.settings },
        );
        const sent = await mailer.send(message);
        push({ id: recipient.id, attempts: recipient.attempts, kind: "sent", messageId: sent.messageId });
      } catch (error) {
        const { permanent, bounce, relay, message } = classify(error);
        if (relay) {
          push({ id: recipient.id, attempts: recipient.attempts, kind: "held", error: message });
          halt(recipient.campaign_id, message);
        } else if (!permanent && recipient.attempts < options.maxAttempts) {
          push({ id: recipient.id, attempts: recipient.attempts, kind: "retry", error: message });
        } else {
          push({
            id: recipient.id,
            attempts: recipient.attempts,
            kind: bounce ? "bounced" : "failed",
            error: message,
            subscriberId: recipient.subscriber_id,
          });
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, worker));
  } finally {
    clearInterval(renewal);
  }
  await recording;
  await writeWithRetries(db, [...unwritten, ...unrecorded]);
  // A pause the database did not take is asked again by the next refusal.
  await Promise.allSettled(pausing);
  return outcomes;
}
