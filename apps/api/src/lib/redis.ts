import { Redis } from "ioredis";

type RedisOptions = { commandTimeoutMs?: number | null };

/**
 * A Redis connection that fails fast: commands error at once while it is disconnected (no offline
 * queue) and time out after a second, so a Redis outage degrades a request instead of hanging it.
 * `commandTimeoutMs: null` leaves the time-out to the caller (see failure-throttle.ts for why).
 * Not yet connected: see connectRedis and openRedis.
 */
function createRedis(url: string, name: string, options: RedisOptions): Redis {
  const commandTimeout = options.commandTimeoutMs === undefined ? 1_000 : options.commandTimeoutMs;
  return new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    ...(commandTimeout !== null && { commandTimeout }),
    connectTimeout: 2_000,
    // Keep trying in the background after an outage; each wait is capped at two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

/** Connected, or an error saying Redis is unreachable (for callers that cannot go on without it). */
export async function connectRedis(url: string, name: string, options: RedisOptions = {}): Promise<Redis> {
  const redis = createRedis(url, name, options);
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

type OutageLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

/**
 * The server's connections: Redis only shares rate limits and cache drops between instances, so an
 * outage, at start-up too, must not stop one (README). Start-up waits for the first attempt alone;
 * while Redis is away the connection keeps trying, its commands fail at once (the limits then count
 * per instance, see their callers), and the outage is logged once when it begins and once when it ends.
 */
export async function openRedis(url: string, name: string, log: OutageLog, options: RedisOptions = {}): Promise<Redis> {
  const redis = createRedis(url, name, options);
  const host = new URL(url).host;
  let lastError = "";
  let down = false;
  const lost = () => {
    if (down) return;
    down = true;
    log.warn(
      { redis: name, error: lastError },
      `Redis at ${host} is unreachable: rate limits count per instance and other instances' writes are not heard until it is back`,
    );
  };
  redis.on("error", (error: Error) => {
    lastError = error.message;
  });
  // Emitted only when it will try again, never after quit().
  redis.on("reconnecting", lost);
  redis.on("ready", () => {
    if (down) log.info({ redis: name }, `Redis at ${host} is reachable again`);
    down = false;
  });
  await redis.connect().catch(lost);
  return redis;
}

/** Quits cleanly if connected; otherwise stops the retries, which would keep the process alive. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
