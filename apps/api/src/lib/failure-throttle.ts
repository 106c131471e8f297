/**
 * Counts failures per key in a sliding window (sign-in attempts per IP and per account).
 * Kept behind a small interface so a shared store (Redis) can replace the in-memory one.
 */
export type FailureThrottle = {
  /** Seconds to wait when the key is blocked, otherwise null. */
  blockedFor(key: string, now?: number): number | null;
  recordFailure(key: string, now?: number): void;
  reset(key: string): void;
};

export function createMemoryThrottle(limit: number, windowMs: number): FailureThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  return {
    blockedFor(key, now = Date.now()) {
      const kept = recent(key, now);
      const oldest = kept[0];
      if (kept.length < limit || oldest === undefined) return null;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    },
    recordFailure(key, now = Date.now()) {
      const kept = recent(key, now);
      kept.push(now);
      failures.set(key, kept);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
