import { describe, expect, it } from "vitest";
import { createResponseCache } from "./response-cache.ts";

function deferred() {
  let resolve: (value: string) => void = () => {};
  const promise = new Promise<string>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("the response cache", () => {
  it("runs one load for requests that miss the same key together", async () => {
    const cache = createResponseCache();
    let loads = 0;
    const gate = deferred();
    const produce = () => {
      loads += 1;
      return gate.promise;
    };
    const waiting = [cache.fill("k", produce), cache.fill("k", produce), cache.fill("k", produce)];
    gate.resolve("body");
    const answers = await Promise.all(waiting);
    expect(loads).toBe(1);
    expect(answers.map((a) => a.body)).toEqual(["body", "body", "body"]);
    expect(cache.get("k")?.body).toBe("body");
  });

  it("never stores a load that began before a clear, and starts a fresh one after it", async () => {
    const cache = createResponseCache();
    const old = deferred();
    const before = cache.fill("k", () => old.promise);
    cache.clear(); // a write landed while the old data was being read
    const after = cache.fill("k", async () => "new");
    old.resolve("old");
    expect((await before).body).toBe("old");
    expect((await after).body).toBe("new");
    expect(cache.get("k")?.body).toBe("new");
  });

  it("lets the next caller try again after a load fails", async () => {
    const cache = createResponseCache();
    await expect(cache.fill("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await cache.fill("k", async () => "up")).body).toBe("up");
  });

  it("drops only the matching entries on clearWhere", async () => {
    const cache = createResponseCache();
    await cache.fill("/api/products?page=1", async () => "p");
    await cache.fill("/api/blog/posts", async () => "b");
    cache.clearWhere((key) => key.startsWith("/api/products"));
    expect(cache.get("/api/products?page=1")).toBeUndefined();
    expect(cache.get("/api/blog/posts")?.body).toBe("b");
  });

  it("still stores a load of another key that was running when clearWhere dropped one area", async () => {
    const cache = createResponseCache();
    const products = deferred();
    const blog = deferred();
    const productList = cache.fill("/api/products", () => products.promise);
    const posts = cache.fill("/api/blog/posts", () => blog.promise);
    cache.clearWhere((key) => key.startsWith("/api/products"));
    products.resolve("old products");
    blog.resolve("posts");
    await Promise.all([productList, posts]);
    expect(cache.get("/api/products")).toBeUndefined();
    expect(cache.get("/api/blog/posts")?.body).toBe("posts");
  });

  it("evicts the least recently used entry past its size, for a key asked for as often", async () => {
    const cache = createResponseCache(2);
    await cache.fill("a", async () => "1");
    await cache.fill("b", async () => "2");
    cache.get("a");
    await cache.fill("c", async () => "3");
    await cache.fill("c", async () => "3");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.body).toBe("1");
  });

  it("keeps an entry in use however many one-off keys miss it, and answers them all", async () => {
    const cache = createResponseCache(10);
    await cache.fill("/", async () => "home");
    for (let i = 0; i < 5; i += 1) cache.get("/");
    for (let i = 0; i < 100; i += 1) {
      // Read now and then, as a page in use is, while the flood goes on.
      if (i % 5 === 0) expect(cache.get("/")?.body).toBe("home");
      const key = `/shop?search=flood-${i}`;
      if (!cache.get(key)) expect((await cache.fill(key, async () => `result ${i}`)).body).toBe(`result ${i}`);
    }
    expect(cache.get("/")?.body).toBe("home");
  });

  it("takes in a key asked for again in place of one asked for once", async () => {
    const cache = createResponseCache(2);
    await cache.fill("a", async () => "1");
    await cache.fill("b", async () => "2");
    await cache.fill("c", async () => "3");
    expect(cache.get("c")).toBeUndefined();
    await cache.fill("c", async () => "3");
    expect(cache.get("c")?.body).toBe("3");
  });

  it("runs one load for requests that miss together a key it does not keep", async () => {
    const cache = createResponseCache(1);
    await cache.fill("a", async () => "1");
    cache.get("a");
    let loads = 0;
    const gate = deferred();
    const produce = () => {
      loads += 1;
      return gate.promise;
    };
    const waiting = [cache.fill("once", produce), cache.fill("once", produce)];
    gate.resolve("body");
    expect((await Promise.all(waiting)).map((a) => a.body)).toEqual(["body", "body"]);
    expect(loads).toBe(1);
  });
});
