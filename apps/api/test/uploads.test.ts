import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createStaff, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#0f766e" } })
  .png()
  .toBuffer();
const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#4338ca" } })
  .jpeg()
  .toBuffer();

function upload(parts: Parameters<typeof multipart>[0], token = admin) {
  const body = multipart(parts);
  return app.inject({
    method: "POST",
    url: "/api/upload/multiple",
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

describe("image uploads", () => {
  it("stores WebP variants named by content and serves them with immutable caching", async () => {
    const response = await upload([
      { name: "images", filename: "a.png", type: "image/png", data: png },
      { name: "images", filename: "b.jpg", type: "image/jpeg", data: jpeg },
      { name: "folder", data: "banners" },
    ]);
    expect(response.statusCode).toBe(201);
    const { urls, images } = response.json().data;
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/uploads\/banners\/[a-f0-9]{20}-800\.webp$/);
    expect(images[0].variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
    const served = await app.inject({ url: urls[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
  });

  it("judges files by their bytes: HTML or SVG named .png is refused with 415", async () => {
    const html = await upload([
      { name: "images", filename: "x.png", type: "image/png", data: "<html><script>alert(1)</script>" },
    ]);
    expect(html.statusCode).toBe(415);
    const svg = await upload([
      { name: "images", filename: "x.png", type: "image/png", data: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ]);
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe("Only JPEG, PNG, WebP, AVIF and GIF images are accepted");
  });

  it("refuses more than 10 files or one over 8 MB with 413", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: "images",
      filename: `${i}.jpg`,
      type: "image/jpeg",
      data: jpeg,
    }));
    expect((await upload(eleven)).statusCode).toBe(413);
    const huge = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024 + 10)]);
    const tooLarge = await upload([{ name: "images", filename: "big.png", type: "image/png", data: huge }]);
    expect(tooLarge.statusCode).toBe(413);
  });

  it("refuses path tricks in the folder, broken multipart, and no files, and stays up", async () => {
    const traversal = await upload([
      { name: "images", filename: "../../etc/passwd.png", type: "image/png", data: png },
      { name: "folder", data: "../../etc" },
    ]);
    expect(traversal.statusCode).toBe(400);
    const broken = await app.inject({
      method: "POST",
      url: "/api/upload/multiple",
      headers: { authorization: `Bearer ${admin}`, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nunterminated',
    });
    expect([400, 415]).toContain(broken.statusCode);
    expect((await upload([{ name: "folder", data: "products" }])).statusCode).toBe(400);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });

  it("takes an image taller than WebP allows, fitting its variants inside 16,383 px", async () => {
    const tall = await sharp({ create: { width: 100, height: 17_000, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const response = await upload([{ name: "images", filename: "tall.png", type: "image/png", data: tall }]);
    expect(response.statusCode, response.body).toBe(201);
    const served = await app.inject({ url: response.json().data.urls[0] });
    expect((await sharp(served.rawPayload).metadata()).height).toBeLessThanOrEqual(16_383);
  });

  it("rewrites a variant left half-written by an earlier upload when the same image comes again", async () => {
    const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#b45309" } })
      .png()
      .toBuffer();
    const image = { name: "images", filename: "photo.png", type: "image/png", data: photo };
    const first = await upload([image]);
    expect(first.statusCode).toBe(201);
    const url: string = first.json().data.urls[0];
    // What a full disk or a process killed mid-write leaves: the first half of the file at its final name.
    const file = path.join(app.files.root, url.slice("/uploads/".length));
    const whole = await readFile(file);
    await writeFile(file, whole.subarray(0, whole.length / 2));

    const again = await upload([image]);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.urls[0]).toBe(url);
    const served = await app.inject({ url });
    expect(served.statusCode).toBe(200);
    // Decoded in full, as a browser would: every pixel must be there.
    const { info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(800);
    // Written beside the final name and renamed, so no temporary file is left behind.
    expect((await readdir(path.dirname(file))).filter((name) => !name.endsWith(".webp"))).toEqual([]);
  });

  it("needs a product or banner permission", async () => {
    const support = await createStaff(app, admin, ["contact:view-contacts"]);
    const denied = await upload([{ name: "images", filename: "a.jpg", type: "image/jpeg", data: jpeg }], support.token);
    expect(denied.statusCode).toBe(403);
    const bannerEditor = await createStaff(app, admin, ["herobanner:create-hero-banner"]);
    const allowed = await upload(
      [
        { name: "folder", data: "banners" },
        { name: "images", filename: "a.jpg", type: "image/jpeg", data: jpeg },
      ],
      bannerEditor.token,
    );
    expect(allowed.statusCode).toBe(201);
  });

  it("writes to a folder only with the permission of the screen that uses it", async () => {
    const image = { name: "images", filename: "a.jpg", type: "image/jpeg", data: jpeg };
    const composer = await createStaff(app, admin, ["newsletter:compose-email"]);
    const bannerEditor = await createStaff(app, admin, ["herobanner:update-hero-banner"]);
    const writer = await createStaff(app, admin, ["blog:create-update-post"]);
    for (const [token, folder, status] of [
      [composer.token, "products", 403],
      [composer.token, "banners", 403],
      [composer.token, "campaigns", 201],
      [bannerEditor.token, "products", 403],
      [bannerEditor.token, "blog", 403],
      [writer.token, "categories", 403],
      [writer.token, "blog", 201],
      [admin, "categories", 201],
    ] as const) {
      const response = await upload([{ name: "folder", data: folder }, image], token);
      expect(response.statusCode, `${folder}: ${response.body}`).toBe(status);
    }
    // No folder is the products folder.
    const unnamed = await upload([image], composer.token);
    expect(unnamed.statusCode).toBe(403);
    expect(unnamed.json().message).toBe("You do not have permission to upload images to products");
  });
});
