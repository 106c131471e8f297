import type { ActivityDetails } from "@shop/shared/schemas/activity-logs";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema/index.ts";

/** One attempt the throttle refused, as the route saw it. */
export type Refusal = {
  /** The full key that refused it ("account:…", "ip:…"): one row per burst of each. */
  burst: string;
  module: string;
  action: string;
  description: string;
  userId: string | null;
  address: string;
  /** The account the attempt named, listed when a burst is counted per address. */
  account?: string;
  /** The reason the row gives, from the burst's first refusal; by default the throttle's. */
  message?: string;
};

export type RefusalSummary = {
  /** Counts a refusal; it reaches the activity log with the others of its burst, within `flushMs`. */
  note(refusal: Refusal): void;
  /** Writes what has been counted so far (on a timer, and when the app closes). */
  flush(): Promise<void>;
};

type Pending = Omit<Refusal, "address" | "account"> & {
  attempts: number;
  addresses: Set<string>;
  accounts: Set<string>;
  firstAt: Date;
  lastAt: Date;
};

const refusalReason = "Too many failed attempts";
/** Distinct addresses (and accounts) kept per row: a botnet's ten thousand would not help a reader. */
const listedPerRow = 50;
/** Bursts waiting for the next write; beyond this a flood of distinct keys is answered but not listed. */
const maxPending = 10_000;

/**
 * Refused attempts are summarised instead of written one row each: an attack of thousands of
 * requests adds one activity row per key per burst (attempts, addresses, first and last time).
 * Counts gather in memory and are merged into the burst's row every `flushMs`; a burst ends after
 * `burstGapMs` without a refusal. Instances sharing a database merge into the same row.
 */
export function createRefusalSummary(
  db: Db,
  options: { burstGapMs: number; flushMs?: number; onError: (error: unknown) => void },
): RefusalSummary {
  const flushMs = options.flushMs ?? 1_000;
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    for (const burst of batch) {
      try {
        await mergeBurst(db, burst, options.burstGapMs);
      } catch (error) {
        options.onError(error);
      }
    }
  };

  return {
    note(refusal) {
      const now = new Date();
      let burst = pending.get(refusal.burst);
      if (!burst) {
        if (pending.size >= maxPending) return;
        const { address: _address, account: _account, ...row } = refusal;
        burst = { ...row, attempts: 0, addresses: new Set(), accounts: new Set(), firstAt: now, lastAt: now };
        pending.set(refusal.burst, burst);
      }
      burst.attempts += 1;
      burst.lastAt = now;
      if (burst.addresses.size < listedPerRow) burst.addresses.add(refusal.address);
      if (refusal.account && burst.accounts.size < listedPerRow) burst.accounts.add(refusal.account);
      timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    flush,
  };
}

type SummaryDetails = ActivityDetails & {
  burst: string;
  attempts: number;
  addresses: string[];
  accounts?: string[];
  firstAt: string;
  lastAt: string;
};

const union = (listed: string[] | undefined, added: Set<string>) =>
  [...new Set([...(listed ?? []), ...added])].slice(0, listedPerRow);

/** Adds a burst's counts to its open row, or opens one; one key's merges take turns. */
async function mergeBurst(db: Db, burst: Pending, burstGapMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refusals:${burst.burst}`}))`);
    // A burst's row is looked for among the last day's: a longer attack starts a new row each day.
    const [open] = await tx
      .select({ id: activityLogs.id, details: activityLogs.details })
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.module, burst.module),
          gte(activityLogs.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
          sql`${activityLogs.details}->>'burst' = ${burst.burst}`,
          sql`(${activityLogs.details}->>'lastAt')::timestamptz > ${new Date(burst.firstAt.getTime() - burstGapMs).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(activityLogs.createdAt))
      .limit(1);
    const before = open?.details as SummaryDetails | null | undefined;
    const accounts = union(before?.accounts, burst.accounts);
    const details: SummaryDetails = {
      message: burst.message ?? refusalReason,
      burst: burst.burst,
      attempts: (before?.attempts ?? 0) + burst.attempts,
      addresses: union(before?.addresses, burst.addresses),
      ...(accounts.length > 0 && { accounts }),
      firstAt: before?.firstAt ?? burst.firstAt.toISOString(),
      lastAt: burst.lastAt.toISOString(),
    };
    if (open) {
      await tx.update(activityLogs).set({ details }).where(eq(activityLogs.id, open.id));
      return;
    }
    await tx.insert(activityLogs).values({
      action: burst.action,
      module: burst.module,
      status: "Failure",
      description: burst.description,
      userId: burst.userId,
      ipAddress: details.addresses[0] ?? null,
      details,
    });
  });
}
