import { rename, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoredImage } from "@shop/shared/schemas/uploads";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blogPosts, campaigns, categories, heroBanners, products, settings } from "../src/db/schema/index.ts";
import { createUploadReclaimer } from "../src/jobs/upload-reclaimer.ts";
import { queryRows } from "../src/lib/sql.ts";
import { nonReferencingTables, reclaimUnusedUploads, referencingTables } from "../src/modules/uploads/reclaim.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
const dayMs = 86_400_000;
const categoryList = (await call<{ _id: string; slug: string }[]>(app, { url: "/api/categories" })).body.data;
const switches = categoryList.find((c) => c.slug === "smart-touch-switches")?._id ?? "";

let made = 0;
let lastPng: Buffer = Buffer.alloc(0);
/** A picture no other test uploads: its own colour, so its own content hash and files. */
async function upload(folder = "products", same?: Buffer): Promise<StoredImage> {
  made += 1;
  const png =
    same ??
    (await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: made * 7, g: 255 - made * 5, b: 40 } },
    })
      .png()
      .toBuffer());
  lastPng = png;
  const body = multipart([
    { name: "folder", data: folder },
    { name: "images", filename: "a.png", type: "image/png", data: png },
  ]);
  const response = await app.inject({
    method: "POST",
    url: "/api/upload/multiple",
    headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.images[0];
}

const fileOf = (url: string) => path.join(app.files.root, url.slice("/uploads/".length));
const exists = (url: string) =>
  stat(fileOf(url)).then(
    () => true,
    () => false,
  );
const allExist = async (image: StoredImage) =>
  (await Promise.all(image.variants.map((v) => exists(v.url)))).every(Boolean);
const noneExist = async (image: StoredImage) =>
  !(await Promise.all(image.variants.map((v) => exists(v.url)))).some(Boolean);

/** As if uploaded `days` ago: the reclaimer goes by the files' own times. */
async function age(image: StoredImage, days = 2): Promise<void> {
  const then = new Date(Date.now() - days * dayMs);
  for (const variant of image.variants) await utimes(fileOf(variant.url), then, then);
}

const reclaim = () => reclaimUnusedUploads(app.db, app.files);

describe("reclaiming uploads no record uses", () => {
  it("deletes an orphan older than the grace period with all its variants, and counts its bytes", async () => {
    const orphan = await upload();
    await age(orphan);
    const bytes = (await Promise.all(orphan.variants.map((v) => stat(fileOf(v.url))))).reduce((n, s) => n + s.size, 0);
    expect(await allExist(orphan)).toBe(true);
    const result = await reclaim();
    expect(await noneExist(orphan)).toBe(true);
    expect(result.images).toBeGreaterThanOrEqual(1);
    expect(result.files).toBeGreaterThanOrEqual(3);
    expect(result.bytes).toBeGreaterThanOrEqual(bytes);
  });

  it("keeps an orphan younger than the grace period: its form may still be being filled in", async () => {
    const fresh = await upload();
    await age(fresh, 0.9);
    await reclaim();
    expect(await allExist(fresh)).toBe(true);
  });

  it("keeps an old image a product uses, in any position, even once the product is deleted (it can be restored)", async () => {
    const [main, second] = [await upload(), await upload()];
    const created = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/products",
      token: admin,
      body: {
        name: "Reclaim Test Hub",
        price: 10,
        description: "Kept images.",
        category: switches,
        images: [main.url, second.url],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    await age(main);
    await age(second);
    await reclaim();
    expect(await allExist(main)).toBe(true);
    expect(await allExist(second)).toBe(true);

    // Deleting a product only hides it, and a restored product must have its pictures.
    const put = (body: object) => call(app, { method: "PUT", url: `/api/products/${id}`, token: admin, body });
    expect((await put({ status: "inactive" })).status).toBe(200);
    await reclaim();
    expect(await allExist(main)).toBe(true);
    expect(await allExist(second)).toBe(true);

    // Taken off the product, the second picture is no one's any more.
    expect((await put({ images: [main.url] })).status).toBe(200);
    await reclaim();
    expect(await allExist(main)).toBe(true);
    expect(await noneExist(second)).toBe(true);
  });

  it("keeps an image used only inside a blog post's body, by any of its widths or a full address", async () => {
    const [inline, absolute] = [await upload("blog"), await upload("blog")];
    const wide = inline.variants.find((v) => v.width === 1600)?.url ?? "";
    const created = await call(app, {
      method: "POST",
      url: "/api/blog/posts",
      token: admin,
      body: {
        title: "Reclaim test post",
        body: `Intro\n\n![A hub](${wide})\n\nAnd <img src="https://shop.example.com${absolute.variants[0]?.url}">`,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await age(inline);
    await age(absolute);
    await reclaim();
    expect(await allExist(inline)).toBe(true);
    expect(await allExist(absolute)).toBe(true);
  });

  it("keeps images used by a banner, a category, a post's cover, a campaign's HTML and the settings", async () => {
    const [banner, category, cover, campaign, setting] = [
      await upload("banners"),
      await upload("categories"),
      await upload("blog"),
      await upload("campaigns"),
      await upload("products"),
    ];
    await app.db.insert(heroBanners).values({ title: "Reclaim banner", image: banner.url });
    await app.db.insert(categories).values({ name: "Reclaim category", slug: "reclaim-category", image: category.url });
    await app.db.insert(blogPosts).values({ title: "Cover", slug: "reclaim-cover", body: "x", coverImage: cover.url });
    await app.db.insert(campaigns).values({
      subject: "Reclaim campaign",
      html: `<p><img src="https://shop.example.com${campaign.url}" alt=""></p>`,
      audience: { type: "all" },
    });
    await app.db
      .insert(settings)
      .values({ key: "reclaim-test", value: { logo: setting.url } })
      .onConflictDoNothing();
    for (const image of [banner, category, cover, campaign, setting]) await age(image, 30);
    await reclaim();
    for (const image of [banner, category, cover, campaign, setting]) expect(await allExist(image)).toBe(true);
  });

  it("never takes the sample shop's pictures while its records use them", async () => {
    // The sample's records point at pictures stored when the database was made: put them on disk, old.
    const rows = await app.db.select({ image: products.image, images: products.images }).from(products);
    const urls = [
      ...new Set(rows.flatMap((row) => [row.image, ...row.images]).filter((u) => u.startsWith("/uploads/"))),
    ];
    expect(urls.length).toBeGreaterThan(5);
    const then = new Date(Date.now() - 90 * dayMs);
    for (const url of urls) {
      await writeFile(fileOf(url), "sample");
      await utimes(fileOf(url), then, then);
    }
    await reclaim();
    for (const url of urls) expect(await exists(url), url).toBe(true);
  });

  it("leaves alone what it did not make: other names, other folders", async () => {
    const then = new Date(Date.now() - 90 * dayMs);
    const own = [path.join(app.files.root, "products", "logo.png"), path.join(app.files.root, "README.txt")];
    for (const file of own) {
      await writeFile(file, "kept");
      await utimes(file, then, then);
    }
    await reclaim();
    for (const file of own) expect((await stat(file)).isFile()).toBe(true);
  });

  it("one instance reclaims when several run, and the activity log says how much", async () => {
    const orphan = await upload();
    await age(orphan);
    const reclaimers = [1, 2, 3].map(() => createUploadReclaimer({ db: app.db, store: app.files, log: app.log }));
    const results = await Promise.all(reclaimers.map((r) => r.runOnce()));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await noneExist(orphan)).toBe(true);
    const [logged] = await queryRows<{ description: string }>(
      app.db,
      sql`select description from activity_logs where module = 'upload' and action = 'Reclaim unused images'
        order by created_at desc limit 1`,
    );
    expect(logged?.description).toMatch(/^Removed \d+ unused images? \(\d+(\.\d+)? [KM]B\)$/);
    // Its turn taken, none of them runs again until the next one is due.
    expect(await reclaimers[0]?.runOnce()).toBeNull();
  });

  it("knows, for every table, whether its rows may name an image", async () => {
    const tables = await queryRows<{ name: string }>(
      app.db,
      sql`select table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`,
    );
    const placed = new Set<string>([...referencingTables, ...Object.keys(nonReferencingTables)]);
    expect(tables.map((t) => t.name).filter((name) => !placed.has(name))).toEqual([]);
  });

  it("starts the grace period again when an old orphan is uploaded again", async () => {
    const first = await upload();
    await age(first);
    const again = await upload("products", lastPng);
    expect(again.url).toBe(first.url);
    await reclaim();
    expect(await allExist(again)).toBe(true);
  });

  it("puts back a file a reclaim killed half-way left aside, rather than losing it", async () => {
    const image = await upload();
    const file = fileOf(image.url);
    const aside = path.join(path.dirname(file), `.${path.basename(file)}.0b8c5b8e-6a2f-4a8e-9d47-3f1c2e7a9b10.reclaim`);
    await rename(file, aside);
    await reclaim();
    expect(await exists(image.url)).toBe(true);
    expect(await stat(aside).catch(() => null)).toBeNull();
  });
});
