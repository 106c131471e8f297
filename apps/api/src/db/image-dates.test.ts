import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.ts";
import type { Database } from "./client.ts";
import { bringSampleDatesForward } from "./image.ts";
import { blogPosts, products } from "./schema/index.ts";

const day = 86_400_000;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const dates = async () => ({
  products: (await database.db.select({ id: products.id, at: products.createdAt }).from(products)).map(
    (row) => [row.id, row.at.getTime()] as const,
  ),
  posts: (await database.db.select({ id: blogPosts.id, at: blogPosts.publishedAt }).from(blogPosts)).map(
    (row) => [row.id, row.at?.getTime() ?? 0] as const,
  ),
});

// The image's sample content was dated when the build made it, which the cache may keep for weeks.
describe("bringSampleDatesForward", () => {
  it("moves the sample products' and posts' dates by the image's age, so a first start looks freshly seeded", async () => {
    const before = await dates();
    expect(before.products.length).toBeGreaterThan(0);
    expect(before.posts.length).toBeGreaterThan(0);
    await bringSampleDatesForward(database.db, new Date(Date.now() - 30 * day));
    const after = await dates();
    const moved = (was: ReadonlyArray<readonly [string, number]>, now: ReadonlyArray<readonly [string, number]>) =>
      was.map(([id, at]) => ((new Map(now).get(id) ?? 0) - at) / day);
    for (const shift of [...moved(before.products, after.products), ...moved(before.posts, after.posts)]) {
      expect(shift).toBeCloseTo(30, 2);
    }
  });
});
