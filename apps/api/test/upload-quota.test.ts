import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createStaff, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

// A 1 MB allowance a day, and pictures of ~400 KB: two fit, a third does not.
const { app, database } = await createTestApp({ config: { UPLOAD_QUOTA_MB: "1" } });
const admin = await signIn(app);
const overQuota = "At most 1 MB of images can be uploaded in 24 hours; please try again later";

let made = 0;
/** Noise does not compress: a PNG of about 400 KB, each one different. */
async function noisyPng(): Promise<Buffer> {
  made += 1;
  const png = await sharp({
    create: {
      width: 380,
      height: 360,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Different bytes each time (a chunk PNG readers skip), so each is its own upload.
  return Buffer.concat([png.subarray(0, png.length - 12), textChunk(`n${made}`), png.subarray(png.length - 12)]);
}

function textChunk(text: string): Buffer {
  const data = Buffer.from(`Comment\0${text}`, "latin1");
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write("tEXt", 4, "latin1");
  data.copy(chunk, 8);
  return chunk; // CRC left 0: sharp (libspng) ignores ancillary chunk CRCs
}

function upload(token: string, files: Buffer[], folder = "products") {
  const body = multipart([
    { name: "folder", data: folder },
    ...files.map((data, i) => ({ name: "images", filename: `${i}.png`, type: "image/png", data })),
  ]);
  return app.inject({
    method: "POST",
    url: "/api/upload/multiple",
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

const filesIn = async (folder: string) => (await readdir(path.join(app.files.root, folder)).catch(() => [])).length;

describe("a daily upload allowance per person", () => {
  it("holds under parallel uploads: only what fits is stored, the rest is refused with 429", async () => {
    const first = await noisyPng();
    expect(first.length).toBeGreaterThan(380_000);
    expect(first.length).toBeLessThan(500_000);
    const editor = await createStaff(app, admin, ["blog:create-update-post"]);
    const pictures = [first, ...(await Promise.all(Array.from({ length: 7 }, noisyPng)))];
    const responses = await Promise.all(pictures.map((picture) => upload(editor.token, [picture], "blog")));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(refused.json().message).toBe(overQuota);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Three widths of each of the two taken, and nothing of the six refused.
    expect(await filesIn("blog")).toBe(6);
  });

  it("counts a whole batch: one that would go over is refused entirely", async () => {
    const writer = await createStaff(app, admin, ["newsletter:compose-email"]);
    const batch = await Promise.all([noisyPng(), noisyPng(), noisyPng()]);
    const refused = await upload(writer.token, batch, "campaigns");
    expect(refused.statusCode).toBe(429);
    expect(await filesIn("campaigns")).toBe(0);
    // Nothing was counted for it: two still fit.
    expect((await upload(writer.token, batch.slice(0, 2), "campaigns")).statusCode).toBe(201);
  });

  it("counts per person, and a refused file does not use up the allowance", async () => {
    const one = await createStaff(app, admin, ["product:create-product"]);
    const other = await createStaff(app, admin, ["product:create-product"]);
    expect((await upload(one.token, [await noisyPng(), await noisyPng()])).statusCode).toBe(201);
    expect((await upload(one.token, [await noisyPng()])).statusCode).toBe(429);
    const notAnImage = Buffer.alloc(900_000, 1);
    for (let i = 0; i < 3; i += 1) expect((await upload(other.token, [notAnImage])).statusCode).toBe(415);
    expect((await upload(other.token, [await noisyPng(), await noisyPng()])).statusCode).toBe(201);
  });

  it("is a rolling 24 hours: what was uploaded a day ago no longer counts", async () => {
    const staff = await createStaff(app, admin, ["herobanner:create-hero-banner"]);
    expect((await upload(staff.token, [await noisyPng(), await noisyPng()], "banners")).statusCode).toBe(201);
    expect((await upload(staff.token, [await noisyPng()], "banners")).statusCode).toBe(429);
    // A day passes for this person's uploads.
    await database.db.execute(
      sql`update upload_usage set created_at = created_at - interval '24 hours 1 minute' where user_id = ${staff.userId}`,
    );
    expect((await upload(staff.token, [await noisyPng()], "banners")).statusCode).toBe(201);
  });

  it("refuses, before reading them, images that cannot fit: an upload announced past what is left is not taken in", async () => {
    const staff = await createStaff(app, admin, ["product:create-product"]);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    // Room for two pictures: 40 MB announced is refused; then, with two stored, one more picture's worth is.
    expect(await answerBeforeBody(address, staff.token, 40 * 1024 * 1024)).toBe(429);
    expect((await upload(staff.token, [await noisyPng(), await noisyPng()])).statusCode).toBe(201);
    expect(await answerBeforeBody(address, staff.token, 400_000)).toBe(429);
  });
});

/**
 * Sends the head of an upload announcing `bytes` and 1 kB of its first image, and waits for the answer.
 * One that comes while most of the body is still to be sent shows the server did not wait for it (memory
 * it was not asked to hold); a server that reads the body first never answers, and this rejects.
 */
function answerBeforeBody(address: string, token: string, bytes: number): Promise<number> {
  const boundary = "allowance-boundary";
  return new Promise((resolve, reject) => {
    const request = http.request(`${address}/api/upload/multiple`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(bytes),
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error("no answer while the body was still to come"));
    }, 5_000);
    request.on("response", (response) => {
      clearTimeout(timer);
      response.resume();
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(1024)}`,
    );
  });
}
