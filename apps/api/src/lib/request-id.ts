import { randomUUID } from "node:crypto";

/**
 * Request ids shaped like the random UUIDs they replace (logs keep their format): one random UUID per
 * generator, its last 48 bits replaced by a counter. A random UUID per request cost crypto work and a
 * new string on every request of the cached product list (issue 19); the 74 random bits left keep
 * ids from two processes apart, and the counter keeps one process's ids apart for 2^48 requests.
 */
export function createRequestIds(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let count = 0;
  return () => {
    count += 1;
    return prefix + count.toString(16).padStart(12, "0");
  };
}
