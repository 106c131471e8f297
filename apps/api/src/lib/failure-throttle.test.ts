import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { connectTestRedis, testRedisUrl } from "../../test/redis.ts";
import { createMemoryThrottle, createRedisThrottle, type FailureThrottle } from "./failure-throttle.ts";
import { connectRedis } from "./redis.ts";

const connected = await connectTestRedis("throttle-test");
afterAll(async () => {
  await connected?.quit();
});
// Only reached when Redis is there: the Redis cases skip otherwise.
const redis = connected as Redis;

const stores: [string, (limit: number, windowMs: number) => FailureThrottle][] = [["in memory", createMemoryThrottle]];
if (connected)
  stores.push([
    "in Redis",
    (limit, windowMs) =>
      createRedisThrottle(redis, limit, windowMs, { prefix: `test:throttle:${Math.random().toString(36).slice(2)}:` }),
  ]);

describe.each(stores)("failure throttle %s", (_name, create) => {
  it("blocks after the limit inside the window and frees the key when the window passes", async () => {
    const throttle = create(3, 60_000);
    for (const at of [0, 10_000, 20_000]) await throttle.recordFailure("k", at);
    expect(await throttle.blockedFor("k", 21_000)).toBe(39);
    expect(await throttle.blockedFor("other", 21_000)).toBeNull();
    expect(await throttle.blockedFor("k", 60_001)).toBeNull();
  });

  it("forgets a key on reset", async () => {
    const throttle = create(1, 60_000);
    await throttle.recordFailure("k", 0);
    expect(await throttle.blockedFor("k", 1)).not.toBeNull();
    await throttle.reset("k");
    expect(await throttle.blockedFor("k", 1)).toBeNull();
  });
});

describe.runIf(connected)("the Redis throttle", () => {
  it("counts failures from every instance together", async () => {
    const prefix = `test:throttle:${Math.random().toString(36).slice(2)}:`;
    const a = createRedisThrottle(redis, 2, 60_000, { prefix });
    const b = createRedisThrottle(redis, 2, 60_000, { prefix });
    await a.recordFailure("ip:1", 1_000);
    expect(await b.blockedFor("ip:1", 1_001)).toBeNull();
    await b.recordFailure("ip:1", 1_002);
    expect(await a.blockedFor("ip:1", 1_003)).toBe(60);
  });
});

describe.runIf(connected)("the Redis throttle without Redis", () => {
  it("lets the attempt through and reports the error", async () => {
    const gone = await connectRedis(testRedisUrl(), "throttle-gone");
    gone.disconnect();
    const errors: unknown[] = [];
    const throttle = createRedisThrottle(gone, 1, 60_000, { onError: (error) => errors.push(error) });
    await throttle.recordFailure("k");
    expect(await throttle.blockedFor("k")).toBeNull();
    expect(errors.length).toBe(2);
  });
});
