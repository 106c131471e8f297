import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { byTheMinute } from "../src/plugins/public-cache.ts";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

async function cachedList(): Promise<boolean> {
  await call(app, { url: "/api/products?limit=3" });
  await call(app, { url: "/api/categories" });
  await call(app, { url: "/api/blog/posts" });
  return app.publicCache.get("/api/products?limit=3") !== undefined;
}

describe("the public cache", () => {
  // The blog is cached by the minute (posts come out at their own times): the clock stands still here, so
  // the key a test looks up is the one its requests filled.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("survives staff writes that no public page shows, and drops on one that changes the catalogue", async () => {
    expect(await cachedList()).toBe(true);
    const tag = await call(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "Cache keeper" },
    });
    expect(tag.status).toBe(201);
    expect(app.publicCache.get("/api/products?limit=3")).toBeDefined();

    const list = await call<{ products: { _id: string; price: number }[] }>(app, { url: "/api/products?limit=3" });
    const product = list.body.data.products[0];
    if (!product) throw new Error("no product");
    const saved = await call(app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      token: admin,
      body: { price: product.price + 1 },
    });
    expect(saved.status).toBe(200);
    expect(app.publicCache.get("/api/products?limit=3")).toBeUndefined();
    expect(app.publicCache.get("/api/categories")).toBeUndefined();
    // A product changes nothing a blog post shows.
    expect(app.publicCache.get(byTheMinute("/api/blog/posts"))).toBeDefined();
    const fresh = await call<{ products: { _id: string; price: number }[] }>(app, { url: "/api/products?limit=3" });
    expect(fresh.body.data.products.find((p) => p._id === product._id)?.price).toBe(product.price + 1);
  });

  it("drops only blog entries when a post changes", async () => {
    expect(await cachedList()).toBe(true);
    const posts = await call<{ posts: { _id: string }[] }>(app, { url: "/api/blog/admin/posts", token: admin });
    const post = posts.body.data.posts[0];
    if (!post) throw new Error("no post");
    const saved = await call(app, {
      method: "PUT",
      url: `/api/blog/posts/${post._id}`,
      token: admin,
      body: { excerpt: "A fresh excerpt for the cache test." },
    });
    expect(saved.status).toBe(200);
    expect(app.publicCache.get(byTheMinute("/api/blog/posts"))).toBeUndefined();
    expect(app.publicCache.get("/api/products?limit=3")).toBeDefined();
  });

  it("drops the rendered home page, which shows the latest posts, when a post changes", async () => {
    const pages = ["page:/", "page:/blog", "page:/shop"];
    for (const key of pages) await app.publicCache.fill(key, async () => `200<html>${key}</html>`);
    const posts = await call<{ posts: { _id: string }[] }>(app, { url: "/api/blog/admin/posts", token: admin });
    const saved = await call(app, {
      method: "PUT",
      url: `/api/blog/posts/${posts.body.data.posts[0]?._id}`,
      token: admin,
      body: { title: "A fresh title for the home page" },
    });
    expect(saved.status).toBe(200);
    expect(app.publicCache.get("page:/")).toBeUndefined();
    expect(app.publicCache.get("page:/blog")).toBeUndefined();
    expect(app.publicCache.get("page:/shop")).toBeDefined();
  });

  it("is not dropped by a staff write that failed", async () => {
    expect(await cachedList()).toBe(true);
    const refused = await call(app, { method: "PUT", url: "/api/products/not-a-product", token: admin, body: {} });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(app.publicCache.get("/api/products?limit=3")).toBeDefined();
  });
});
