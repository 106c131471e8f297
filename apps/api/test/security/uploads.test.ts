import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signIn } from "../harness.ts";
import { multipart } from "../multipart.ts";
import { createSecurityApp } from "./support.ts";

/**
 * Hostile uploads: too big, too many, not images, path tricks, broken bodies. Each is refused with
 * the right status, stores nothing, and leaves the process serving; what is stored is only ever an image.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const root = app.files.root;
const dataDir = path.dirname(root);
const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } })
  .png()
  .toBuffer();
const produced: string[] = [];

/** A PNG whose header claims a huge picture while carrying almost no data. */
function pixelBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function upload(payload: Buffer | string, contentType: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/upload/multiple",
    headers: { authorization: `Bearer ${admin}`, "content-type": contentType },
    payload,
  });
  if (response.statusCode === 201) produced.push(...response.json().data.images.flatMap(urlsOf));
  return response;
}
const urlsOf = (image: { variants: { url: string }[] }) => image.variants.map((variant) => variant.url);
const send = (parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return upload(body.payload, body.contentType);
};
const image = (filename: string, data: Buffer | string = png, type = "image/png") => ({
  name: "images",
  filename,
  type,
  data,
});

describe("refused uploads store nothing and keep the server up", () => {
  const cases: [string, number, () => ReturnType<typeof send>][] = [
    ["one file over 8 MB", 413, () => send([image("big.png", Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]))])],
    ["eleven files", 413, () => send(Array.from({ length: 11 }, (_, i) => image(`${i}.png`)))],
    [
      "SVG named .png",
      415,
      () => send([image("x.png", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]),
    ],
    ["HTML named .png", 415, () => send([image("x.png", "<!doctype html><script>alert(1)</script>")])],
    ["HTML behind a GIF signature", 415, () => send([image("x.gif", "GIF89a<script>alert(1)</script>", "image/gif")])],
    ["a good image with an HTML one in the same batch", 415, () => send([image("ok.png"), image("x.png", "<html>")])],
    ["a header claiming 900 megapixels", 413, () => send([image("bomb.png", pixelBomb(30_000))])],
    ["a header claiming 100 megapixels", 413, () => send([image("bomb.png", pixelBomb(10_000))])],
    ["a PNG cut short after its header", 415, () => send([image("cut.png", png.subarray(0, 120))])],
    ["folder ../../etc", 400, () => send([image("a.png"), { name: "folder", data: "../../etc" }])],
    ["folder products/../../x", 400, () => send([image("a.png"), { name: "folder", data: "products/../../x" }])],
    ["folder /tmp", 400, () => send([image("a.png"), { name: "folder", data: "/tmp" }])],
    [
      "no closing boundary",
      400,
      () =>
        upload(
          '--b\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nabc',
          "multipart/form-data; boundary=b",
        ),
    ],
    ["no boundary in the content type", 400, () => upload("--b\r\n\r\n--b--\r\n", "multipart/form-data")],
    [
      "part headers never end",
      400,
      () => upload('--b\r\nContent-Disposition: form-data; name="images"', "multipart/form-data; boundary=b"),
    ],
    ["an empty body", 400, () => upload("", "multipart/form-data; boundary=b")],
    ["garbage", 400, () => upload(Buffer.from([0, 159, 146, 150, 13, 10, 45, 45]), "multipart/form-data; boundary=b")],
    [
      "the file in another field",
      400,
      () => send([{ name: "avatar", filename: "a.png", type: "image/png", data: png }]),
    ],
  ];

  it.each(cases)("%s → %i", async (_name, status, attempt) => {
    const before = await filesUnder(dataDir);
    const response = await attempt();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().success).toBe(false);
    expect(await filesUnder(dataDir)).toEqual(before);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("file names are never paths", () => {
  it.each([
    "../../../../escaped.png",
    "..\\..\\escaped.png",
    "/etc/escaped.png",
    "%2e%2e%2fescaped.png",
    "products/../../escaped.png",
  ])("%s stays inside the uploads folder", async (filename) => {
    const before = new Set(await filesUnder(dataDir));
    const response = await send([image(filename), { name: "folder", data: "products" }]);
    expect(response.statusCode).toBe(201);
    const added = (await filesUnder(dataDir)).filter((file) => !before.has(file));
    for (const file of added) expect(file.startsWith(path.join(root, "products") + path.sep), file).toBe(true);
    for (const url of response.json().data.urls as string[]) {
      expect(url).toMatch(/^\/uploads\/products\/[a-f0-9]+-\d+\.webp$/);
      expect(url).not.toContain("escaped");
    }
  });
});

describe("serving what was uploaded", () => {
  it("a valid upload still works after all the refusals", async () => {
    const response = await send([image("fine.png"), { name: "folder", data: "banners" }]);
    expect(response.statusCode).toBe(201);
  });

  it("serves every stored file as an image with nosniff, never as HTML", async () => {
    expect(produced.length).toBeGreaterThan(0);
    for (const url of new Set(produced)) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^image\//);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.body).not.toMatch(/<script|<html|<svg/i);
    }
  });

  it.each([
    "/uploads/../package.json",
    "/uploads/%2e%2e/%2e%2e/package.json",
    "/uploads/products/",
    "/uploads/.hidden",
    "/uploads/products/..%2f..%2fjwt-secret",
  ])("%s serves nothing", async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(String(response.headers["content-type"] ?? "")).not.toContain("text/html");
  });
});
