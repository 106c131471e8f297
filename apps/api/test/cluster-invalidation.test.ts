import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { call, openTestDatabase, signIn, testConfig } from "./harness.ts";
import { connectTestRedis, testRedisUrl } from "./redis.ts";

// Two instances in one process, on one database and one Redis. A request to B right after A answered
// "saved" is handled before B's event loop has read anything from its Redis connection: the tightest
// timing two real instances behind a load balancer can meet (the faults suite's two-instances test met it
// once in twenty rounds on a quiet machine).
// Without Redis the file is skipped, and a skipped file runs no afterAll: nothing is opened then.
const redis = await connectTestRedis("cluster-invalidation-test");
const database = redis ? await openTestDatabase() : undefined;
const dataDir = redis ? await mkdtemp(path.join(tmpdir(), "shop-cluster-test-")) : undefined;
const config = testConfig({ REDIS_URL: testRedisUrl(), DATA_DIR: dataDir ?? "" });
const a = database ? await buildApp(config, { database }) : undefined;
const b = database ? await buildApp(config, { database }) : undefined;
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.quit();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.runIf(a && b)("a staff write on one instance, read at another", () => {
  it("is what the other instance serves from the moment the writer answers, every time", async () => {
    if (!a || !b) return;
    const token = await signIn(a);
    const list = await call<{ products: { _id: string; slug: string }[] }>(b, { url: "/api/products?limit=1" });
    const product = list.body.data.products[0];
    if (!product) throw new Error("no product");
    const stale: number[] = [];
    for (let round = 1; round <= 20; round++) {
      // B answers from its cache before the edit…
      await call(b, { url: `/api/products/${product.slug}` });
      const price = 200 + round;
      const saved = await call(a, { method: "PUT", url: `/api/products/${product._id}`, token, body: { price } });
      expect(saved.status).toBe(200);
      // …and not the old answer after it.
      const seen = await call<{ price: number }>(b, { url: `/api/products/${product.slug}` });
      if (seen.body.data.price !== price) stale.push(round);
    }
    expect(stale, "rounds in which B served the price from before the save").toEqual([]);
  });
});
