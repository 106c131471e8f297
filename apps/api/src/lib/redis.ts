import { Redis } from "ioredis";

/**
 * A Redis connection that fails fast: commands error at once while it is disconnected (no offline
 * queue) and time out after a second, so a Redis outage degrades a request instead of hanging it.
 * `commandTimeoutMs: null` leaves the time-out to the caller (see failure-throttle.ts for why).
 */
export async function connectRedis(
  url: string,
  name: string,
  options: { commandTimeoutMs?: number | null } = {},
): Promise<Redis> {
  const commandTimeout = options.commandTimeoutMs === undefined ? 1_000 : options.commandTimeoutMs;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    ...(commandTimeout !== null && { commandTimeout }),
    connectTimeout: 2_000,
    // Keep trying in the background after an outage; each wait is capped at two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors are reported by the commands that fail; without a listener ioredis prints each one.
  redis.on("error", () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${new URL(url).host} is unreachable: ${(error as Error).message}`);
  }
  return redis;
}
