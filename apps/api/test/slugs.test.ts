import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

/**
 * Addresses made from names in any language: staff of a shop selling in Kyiv, Athens or Tokyo name
 * things in their own script. A Cyrillic category name was refused as "Invalid slug" (no slug was
 * sent), a Greek subcategory got an empty slug and the next one a 409, and accents were dropped.
 */
const { app } = await createTestApp();
const admin = await signIn(app);

type Sluggable = { _id: string; slug: string };
const create = (url: string, body: Record<string, unknown>) =>
  call<Sluggable>(app, { method: "POST", url, token: admin, body });

describe("slugs made from names", () => {
  it("spell Cyrillic and Greek in Latin letters, and keep accented letters without their accents", async () => {
    const category = await create("/api/categories", { name: "Умный дом" });
    expect(category.status).toBe(201);
    expect(category.body.data.slug).toBe("umnyy-dom");
    const greek = await create("/api/subcategories", { category: category.body.data._id, name: "Έξυπνες κλειδαριές" });
    expect(greek.status).toBe(201);
    expect(greek.body.data.slug).toBe("exypnes-kleidaries");
    const post = await create("/api/blog/posts", { title: "Crème brûlée & Smørrebrød guide", body: "Tasty." });
    expect(post.status).toBe(201);
    expect(post.body.data.slug).toBe("creme-brulee-smorrebrod-guide");
  });

  it("give names in scripts without Latin letters slugs of their own, so the second is no conflict", async () => {
    const category = await create("/api/categories", { name: "スマートホーム" });
    expect(category.status).toBe(201);
    expect(category.body.data.slug).toMatch(/^category-[a-z0-9]+$/);
    const first = await create("/api/subcategories", { category: category.body.data._id, name: "スマートロック" });
    const second = await create("/api/subcategories", { category: category.body.data._id, name: "センサー" });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.data.slug).toMatch(/^subcategory-[a-z0-9]+$/);
    expect(second.body.data.slug).not.toBe(first.body.data.slug);
    const posts = [
      await create("/api/blog/posts", { title: "スマートロックの選び方", body: "本文" }),
      await create("/api/blog/posts", { title: "كيف تختار قفلًا ذكيًا", body: "نص" }),
    ];
    expect(posts.map((answer) => answer.status)).toEqual([201, 201]);
    expect(posts[0]?.body.data.slug).toMatch(/^post-[a-z0-9]+$/);
    expect(posts[0]?.body.data.slug).not.toBe(posts[1]?.body.data.slug);
  });
});
