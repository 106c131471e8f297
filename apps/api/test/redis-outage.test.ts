import net from "node:net";
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";
import { connectTestRedis, testRedisUrl } from "./redis.ts";

/**
 * Redis only shares limits and cache drops between instances: an instance must start and serve while it
 * is down (the limits then count per instance), and join the others once it is back.
 */

/** A loopback port nothing listens on: Redis "down" until a proxy to the machine's Redis listens there. */
async function unusedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Redis coming back: the port starts forwarding to the machine's Redis. Answers how to close it. */
function redisBackOn(port: number): () => Promise<void> {
  const target = new URL(testRedisUrl());
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  proxy.listen(port, "127.0.0.1");
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  };
}

const logs: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logs.push(JSON.parse(String(chunk)));
    done();
  },
});

const port = await unusedPort();
const { app } = await createTestApp({
  config: { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: "warn" },
  logStream,
});
const redis = await connectTestRedis("redis-outage-test");
let closeProxy: (() => Promise<void>) | undefined;
afterAll(async () => {
  await redis?.quit();
  await closeProxy?.();
});

describe("an instance started while Redis is down", () => {
  it("serves the shop, signs staff in and takes their writes, and logs that Redis is unreachable", async () => {
    const products = await call<{ products: { _id: string }[] }>(app, { url: "/api/products" });
    expect(products.status).toBe(200);
    const admin = await signIn(app);
    const product = products.body.data.products[0];
    if (!product) throw new Error("no product");
    const saved = await call(app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      token: admin,
      body: { price: 99 },
    });
    expect(saved.status).toBe(200);
    // redos-safe: matched against the log lines this test wrote (kilobytes): quadratic at worst on that.
    expect(logs.some((line) => line.level === 40 && /Redis at .* is unreachable/.test(line.msg))).toBe(true);
  });

  it.runIf(redis)(
    "hears the other instances' writes once Redis is back",
    async () => {
      closeProxy = redisBackOn(port);
      const list = await call<{ products: { _id: string; slug: string }[] }>(app, { url: "/api/products?limit=1" });
      const product = list.body.data.products[0];
      if (!product) throw new Error("no product");
      // Another instance changes the price and says so: this one must drop the answer it cached.
      const fresh: boolean[] = [];
      for (let round = 1; round <= 100 && !(fresh.length >= 3 && fresh.slice(-3).every(Boolean)); round++) {
        await call(app, { url: `/api/products/${product.slug}` });
        const price = 300 + round;
        await app.db.execute(sql`update products set price = ${price} where id = ${product._id}`);
        await redis?.publish("smart-home-shop:staff-write", "another-instance public");
        await sleep(100);
        const seen = await call<{ price: number }>(app, { url: `/api/products/${product.slug}` });
        fresh.push(seen.body.data.price === price);
      }
      expect(fresh.slice(-3)).toEqual([true, true, true]);
    },
    20_000,
  );
});
