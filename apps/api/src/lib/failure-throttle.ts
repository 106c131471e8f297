import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { AppError } from "./errors.ts";

/** An attempt counted against its keys before the password is checked. */
export type Attempt = { keys: string[]; id: string };

export type Reservation =
  | { granted: true; attempt: Attempt }
  /** Nothing was counted: the `blocked` keys are at their limit for `retryAfter` more seconds. */
  | { granted: false; retryAfter: number; blocked: string[] };

/**
 * Counts attempts per key in a sliding window (sign-in attempts per address and per account).
 * An attempt is reserved before the password is checked, against all its keys at once, so a burst
 * of parallel attempts can never check more than `limit` passwords: reserving is one step, in
 * memory for one process, in one Redis script when several instances must count together.
 */
export type FailureThrottle = {
  /** Counts one attempt against every key, unless one of them is already at the limit: then none. */
  reserve(keys: string[], now?: number): Promise<Reservation>;
  /** Takes back an attempt that turned out right: only failures stay counted. */
  release(attempt: Attempt): Promise<void>;
  /** Forgets every attempt counted against the key. */
  reset(key: string): Promise<void>;
};

function waitSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export function createMemoryThrottle(limit: number, windowMs: number): FailureThrottle {
  const attempts = new Map<string, { at: number; id: string }[]>();

  const recent = (key: string, now: number) => {
    const kept = (attempts.get(key) ?? []).filter((entry) => now - entry.at < windowMs);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  };

  return {
    // No await before the map is written: the check and the count happen in one turn of the event loop.
    async reserve(keys, now = Date.now()) {
      let waitMs = 0;
      const blocked: string[] = [];
      for (const key of keys) {
        const kept = recent(key, now);
        const oldest = kept[0];
        if (kept.length < limit || !oldest) continue;
        blocked.push(key);
        waitMs = Math.max(waitMs, oldest.at + windowMs - now);
      }
      if (blocked.length > 0) return { granted: false, retryAfter: waitSeconds(waitMs), blocked };
      const attempt = { keys, id: randomUUID() };
      for (const key of keys) attempts.set(key, [...recent(key, now), { at: now, id: attempt.id }]);
      return { granted: true, attempt };
    },
    async release(attempt) {
      for (const key of attempt.keys) {
        const kept = (attempts.get(key) ?? []).filter((entry) => entry.id !== attempt.id);
        if (kept.length === 0) attempts.delete(key);
        else attempts.set(key, kept);
      }
    },
    async reset(key) {
      attempts.delete(key);
    },
  };
}

/**
 * Checks every key and counts the attempt against all of them, or against none, in one step on the
 * Redis server: two instances can never both take the last attempt. Each key is a sorted set of
 * attempt ids scored by time. Answers {0} when the attempt was counted, otherwise the milliseconds
 * to wait followed by the (1-based) positions of the keys at their limit.
 */
const reserveScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local answer = {0}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    answer[1] = math.max(answer[1], tonumber(oldest[2]) + window - now, 1)
    table.insert(answer, i)
  end
end
if answer[1] > 0 then return answer end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
end
return answer
`;

/**
 * Rejects after `ms`, but only once the I/O that arrived meanwhile has been read (setImmediate runs
 * after the poll phase): an event loop stalled by other work is not a slow Redis. A client-side
 * command time-out would fire first and count a granted attempt as unknown.
 */
function deadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new Error(`Redis did not answer in ${ms} ms`))), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * The same window in Redis, shared by every instance. Give it a connection without a command
 * time-out (`connectRedis(url, name, { commandTimeoutMs: null })`): it keeps its own.
 * If Redis fails or does not answer within `timeoutMs`, the attempt is counted in this process
 * instead and `onError` reports it: each instance then allows the limit on its own, which neither
 * locks staff out because a cache is down nor lets a burst through uncounted.
 */
export function createRedisThrottle(
  redis: Redis,
  limit: number,
  windowMs: number,
  options: { prefix?: string; timeoutMs?: number; onError?: (error: unknown) => void } = {},
): FailureThrottle {
  const prefix = options.prefix ?? "smart-home-shop:login:";
  const timeoutMs = options.timeoutMs ?? 1_000;
  const keyOf = (key: string) => `${prefix}${key}`;
  const local = createMemoryThrottle(limit, windowMs);
  const orLocally = async <T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      return await deadline(work(), timeoutMs);
    } catch (error) {
      options.onError?.(error);
      return fallback();
    }
  };
  return {
    reserve: (keys, now = Date.now()) => {
      const attempt = { keys, id: randomUUID() };
      return orLocally<Reservation>(
        async () => {
          const args = [now, windowMs, limit, attempt.id].map(String);
          const [waitMs = 0, ...positions] = (await redis.eval(
            reserveScript,
            keys.length,
            ...keys.map(keyOf),
            ...args,
          )) as number[];
          if (waitMs === 0) return { granted: true, attempt };
          const blocked = positions.flatMap((position) => keys[position - 1] ?? []);
          return { granted: false, retryAfter: waitSeconds(waitMs), blocked };
        },
        () => local.reserve(keys, now),
      );
    },
    release: async (attempt) => {
      await local.release(attempt);
      await orLocally(
        async () => {
          const pipeline = redis.pipeline();
          for (const key of attempt.keys) pipeline.zrem(keyOf(key), attempt.id);
          await pipeline.exec();
        },
        async () => undefined,
      );
    },
    reset: async (key) => {
      await local.reset(key);
      await orLocally(
        async () => {
          await redis.del(keyOf(key));
        },
        async () => undefined,
      );
    },
  };
}

/**
 * The answer to a refused attempt. The refusal is summarised in the activity log with the others of
 * its burst (see refusal-summary.ts), so nothing logs it once per request.
 */
export class TooManyAttempts extends AppError {
  /** The keys at their limit. */
  readonly blocked: string[];

  constructor(message: string, refusal: { retryAfter: number; blocked: string[] }) {
    super(429, message, undefined, { "retry-after": String(refusal.retryAfter) });
    this.blocked = refusal.blocked;
  }
}
