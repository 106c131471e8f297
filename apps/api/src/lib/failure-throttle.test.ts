import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { connectTestRedis, testRedisUrl } from "../../test/redis.ts";
import {
  createMemoryThrottle,
  createRedisThrottle,
  type FailureThrottle,
  type Reservation,
} from "./failure-throttle.ts";
import { connectRedis } from "./redis.ts";

const connected = await connectTestRedis("throttle-test");
afterAll(async () => {
  await connected?.quit();
});
// Only reached when Redis is there: the Redis cases skip otherwise.
const redis = connected as Redis;
const uniquePrefix = () => `test:throttle:${Math.random().toString(36).slice(2)}:`;

const stores: [string, (limit: number, windowMs: number) => FailureThrottle][] = [["in memory", createMemoryThrottle]];
if (connected)
  stores.push([
    "in Redis",
    (limit, windowMs) => createRedisThrottle(redis, limit, windowMs, { prefix: uniquePrefix() }),
  ]);

const granted = (reservations: Reservation[]) => reservations.filter((reservation) => reservation.granted).length;

describe.each(stores)("failure throttle %s", (_name, create) => {
  it("refuses once the limit is reached inside the window and frees the key when the window passes", async () => {
    const throttle = create(3, 60_000);
    for (const at of [0, 10_000, 20_000]) expect((await throttle.reserve(["k"], at)).granted).toBe(true);
    expect(await throttle.reserve(["k"], 21_000)).toEqual({ granted: false, retryAfter: 39, blocked: ["k"] });
    expect((await throttle.reserve(["other"], 21_000)).granted).toBe(true);
    expect((await throttle.reserve(["k"], 60_001)).granted).toBe(true);
  });

  it("grants exactly the limit out of 100 parallel reservations", async () => {
    const throttle = create(10, 60_000);
    const reservations = await Promise.all(Array.from({ length: 100 }, () => throttle.reserve(["k"], 1_000)));
    expect(granted(reservations)).toBe(10);
  });

  it("counts against every key or none: a refused attempt leaves the other keys as they were", async () => {
    const throttle = create(2, 60_000);
    await throttle.reserve(["ip:a", "account:x"], 0);
    await throttle.reserve(["ip:b", "account:x"], 0);
    expect(await throttle.reserve(["ip:c", "account:x"], 1)).toMatchObject({ granted: false, blocked: ["account:x"] });
    // ip:c was not charged for the refused attempt.
    expect((await throttle.reserve(["ip:c"], 2)).granted).toBe(true);
    expect((await throttle.reserve(["ip:c"], 3)).granted).toBe(true);
    expect(await throttle.reserve(["ip:c"], 4)).toMatchObject({ granted: false, blocked: ["ip:c"] });
  });

  it("takes back a released attempt and forgets a key on reset", async () => {
    const throttle = create(1, 60_000);
    const first = await throttle.reserve(["ip:a", "account:x"], 0);
    if (!first.granted) throw new Error("the first attempt was refused");
    await throttle.release(first.attempt);
    const second = await throttle.reserve(["ip:a", "account:x"], 1);
    expect(second.granted).toBe(true);
    await throttle.reset("account:x");
    expect(await throttle.reserve(["ip:b", "account:x"], 2)).toMatchObject({ granted: true });
    expect(await throttle.reserve(["ip:a"], 3)).toMatchObject({ granted: false, blocked: ["ip:a"] });
  });
});

describe.runIf(connected)("the Redis throttle", () => {
  it("counts attempts from every instance together, and grants no more than the limit between them", async () => {
    const prefix = uniquePrefix();
    const a = createRedisThrottle(redis, 10, 60_000, { prefix });
    const b = createRedisThrottle(redis, 10, 60_000, { prefix });
    const reservations = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).reserve(["ip:1", "account:x"], 1_000)),
    );
    expect(granted(reservations)).toBe(10);
    expect(await b.reserve(["ip:1"], 1_001)).toEqual({ granted: false, retryAfter: 60, blocked: ["ip:1"] });
  });
});

describe.runIf(connected)("the Redis throttle without Redis", () => {
  it("counts in this process instead and reports the error", async () => {
    const gone = await connectRedis(testRedisUrl(), "throttle-gone", { commandTimeoutMs: null });
    gone.disconnect();
    const errors: unknown[] = [];
    const throttle = createRedisThrottle(gone, 1, 60_000, { onError: (error) => errors.push(error) });
    expect((await throttle.reserve(["k"])).granted).toBe(true);
    expect((await throttle.reserve(["k"])).granted).toBe(false);
    expect(errors.length).toBe(2);
  });

  it("does not mistake an event loop stalled past the time-out for a Redis that did not answer", async () => {
    const own = await connectRedis(testRedisUrl(), "throttle-stalled", { commandTimeoutMs: null });
    const errors: unknown[] = [];
    const prefix = uniquePrefix();
    const throttle = createRedisThrottle(own, 1, 60_000, { prefix, timeoutMs: 50, onError: (e) => errors.push(e) });
    const other = createRedisThrottle(own, 1, 60_000, { prefix, timeoutMs: 50 });
    const pending = throttle.reserve(["k"]);
    const stalledUntil = Date.now() + 200;
    while (Date.now() < stalledUntil) {
      // Another request's synchronous work holds the event loop past the deadline.
    }
    expect((await pending).granted).toBe(true);
    expect(errors).toEqual([]);
    expect((await other.reserve(["k"])).granted).toBe(false);
    await own.quit();
  });
});
