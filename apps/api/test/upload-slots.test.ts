import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { conversionSlots } from "../src/modules/uploads/routes.ts";
import { createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

/**
 * Decoding a large picture takes 150–200 MB: batches are converted two at a time, and a third waits
 * for one of them. Reading the files is not limited, so a slow sender holds up nobody. Over a real
 * socket, so that an upload can still be sending its files.
 */
const { app } = await createTestApp();
const admin = await signIn(app);
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
/** Uploads still sending when a test fails are hung up, or the app's close would wait for them. */
const held: Array<() => void> = [];
afterAll(() => {
  for (const hangUp of held) hangUp();
});

const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#0f766e" } })
  .png()
  .toBuffer();

type Answer = { status: number; body: string };

/** Sends the head of an upload and half of its body, then holds, as a slow connection does. */
function slowUpload() {
  const body = multipart([{ name: "images", filename: "slow.png", type: "image/png", data: png }]);
  const outgoing = request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/upload/multiple",
    headers: {
      authorization: `Bearer ${admin}`,
      "content-type": body.contentType,
      "content-length": body.payload.length,
    },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    outgoing.on("response", (incoming) => {
      let text = "";
      incoming.on("data", (chunk) => {
        text += chunk;
      });
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: text }));
    });
    outgoing.on("error", reject);
  });
  outgoing.write(body.payload.subarray(0, body.payload.length >> 1));
  held.push(() => outgoing.destroy());
  return { answered, finish: () => outgoing.end(body.payload.subarray(body.payload.length >> 1)) };
}

/** An upload sent whole; `answer` stays undefined until the server has answered. */
function upload() {
  const form = new FormData();
  form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "quick.png");
  const sent: { answer?: Answer; done: Promise<void> } = { done: Promise.resolve() };
  sent.done = fetch(`http://127.0.0.1:${port}/api/upload/multiple`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  }).then(async (answer) => {
    sent.answer = { status: answer.status, body: await answer.text() };
  });
  return sent;
}

describe("uploads at once", () => {
  it("a batch waits while two others are being converted, and goes on when one is done", async () => {
    // The test holds both slots, as two batches being converted would.
    const first = await conversionSlots.take(0);
    const second = await conversionSlots.take(0);
    expect(first && second).toBeTruthy();

    const third = upload();
    await sleep(1_000);
    expect(third.answer).toBeUndefined();

    first?.();
    await third.done;
    expect(third.answer?.status).toBe(201);
    second?.();
  });

  it("connections still sending their files hold up nobody", async () => {
    const slow = [slowUpload(), slowUpload(), slowUpload()];
    await sleep(200);

    const quick = upload();
    await quick.done;
    expect(quick.answer?.status).toBe(201);

    for (const { finish } of slow) finish();
    for (const { answered } of slow) expect(await answered).toMatchObject({ status: 201 });
  });
  it("a batch that has waited 30 s for a slot is answered 503 with Retry-After and holds no slot after", async () => {
    const first = await conversionSlots.take(0);
    const second = await conversionSlots.take(0);
    // The route's wait is a timer of the global clock: faked, so the test need not wait 30 s.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const body = multipart([{ name: "images", filename: "waiting.png", type: "image/png", data: png }]);
      const answer = app.inject({
        method: "POST",
        url: "/api/upload/multiple",
        headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
        payload: body.payload,
      });
      await sleep(500); // the real clock (timers/promises): the batch is read and waits for a slot
      await vi.advanceTimersByTimeAsync(29_000);
      let answered = false;
      void answer.then(() => {
        answered = true;
      });
      await sleep(100);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      const refused = await answer;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.json()).toMatchObject({
        success: false,
        message: "Other images are being processed. Please try again in a few seconds.",
      });
    } finally {
      vi.useRealTimers();
      first?.();
      second?.();
    }
    // Both slots are free again: the refused batch took none.
    const next = upload();
    await next.done;
    expect(next.answer?.status).toBe(201);
  });
});
