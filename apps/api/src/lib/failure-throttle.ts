import type { Redis } from "ioredis";

/**
 * Counts failures per key in a sliding window (sign-in attempts per IP and per account).
 * In memory for one process; in Redis when several instances must count together.
 */
export type FailureThrottle = {
  /** Seconds to wait when the key is blocked, otherwise null. */
  blockedFor(key: string, now?: number): Promise<number | null>;
  recordFailure(key: string, now?: number): Promise<void>;
  reset(key: string): Promise<void>;
};

function waitSeconds(oldest: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
}

export function createMemoryThrottle(limit: number, windowMs: number): FailureThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  return {
    async blockedFor(key, now = Date.now()) {
      const kept = recent(key, now);
      const oldest = kept[0];
      if (kept.length < limit || oldest === undefined) return null;
      return waitSeconds(oldest, windowMs, now);
    },
    async recordFailure(key, now = Date.now()) {
      const kept = recent(key, now);
      kept.push(now);
      failures.set(key, kept);
    },
    async reset(key) {
      failures.delete(key);
    },
  };
}

/**
 * The same window as a Redis sorted set per key (score = time of the failure), shared by every instance.
 * If Redis is unreachable the attempt is let through and `onError` reports it: locking every member of
 * staff out because a cache is down would be the worse failure.
 */
export function createRedisThrottle(
  redis: Redis,
  limit: number,
  windowMs: number,
  options: { prefix?: string; onError?: (error: unknown) => void } = {},
): FailureThrottle {
  const prefix = options.prefix ?? "smart-home-shop:login:";
  const keyOf = (key: string) => `${prefix}${key}`;
  const failOpen = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      options.onError?.(error);
      return fallback;
    }
  };
  return {
    blockedFor: (key, now = Date.now()) =>
      failOpen(async () => {
        const results = await redis
          .multi()
          .zremrangebyscore(keyOf(key), 0, now - windowMs)
          .zcard(keyOf(key))
          .zrange(keyOf(key), "0", "0", "WITHSCORES")
          .exec();
        const count = Number(results?.[1]?.[1] ?? 0);
        const oldest = Number((results?.[2]?.[1] as string[] | undefined)?.[1]);
        if (count < limit || !Number.isFinite(oldest)) return null;
        return waitSeconds(oldest, windowMs, now);
      }, null),
    recordFailure: (key, now = Date.now()) =>
      failOpen(async () => {
        await redis
          .multi()
          .zadd(keyOf(key), String(now), `${now}:${Math.random().toString(36).slice(2)}`)
          .pexpire(keyOf(key), windowMs)
          .exec();
      }, undefined),
    reset: (key) =>
      failOpen(async () => {
        await redis.del(keyOf(key));
      }, undefined),
  };
}
