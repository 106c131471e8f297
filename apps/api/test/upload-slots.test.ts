import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

/**
 * Decoding a large picture takes 150–200 MB, and a batch holds up to 80 MB of files: uploads are read
 * and converted two at a time, and a third waits, unread, until one of them is over. Over a real
 * socket, because the uploads that hold the slots must still be sending their files.
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

/** Sends the head of an upload and half of its body, then holds: the server is still reading it. */
function heldUpload() {
  const body = multipart([{ name: "images", filename: "held.png", type: "image/png", data: png }]);
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
  const answered = new Promise<Answer | "hung up">((resolve) => {
    outgoing.on("response", (incoming) => {
      let text = "";
      incoming.on("data", (chunk) => {
        text += chunk;
      });
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: text }));
    });
    outgoing.on("error", () => resolve("hung up"));
  });
  outgoing.write(body.payload.subarray(0, body.payload.length >> 1));
  held.push(() => outgoing.destroy());
  return {
    answered,
    finish: () => outgoing.end(body.payload.subarray(body.payload.length >> 1)),
    hangUp: () => outgoing.destroy(),
  };
}

async function upload(): Promise<Answer> {
  const form = new FormData();
  form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "waiting.png");
  const answer = await fetch(`http://127.0.0.1:${port}/api/upload/multiple`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: answer.status, body: await answer.text() };
}

describe("uploads at once", () => {
  it("a third waits while two are read, and goes on when one ends, however it ends", async () => {
    const first = heldUpload();
    const second = heldUpload();
    await sleep(200);

    let third: Answer | undefined;
    const thirdDone = upload().then((answer) => {
      third = answer;
    });
    await sleep(1_000);
    expect(third).toBeUndefined();

    // The client that hangs up frees its slot as surely as one that finishes.
    first.hangUp();
    await thirdDone;
    expect(third?.status).toBe(201);

    second.finish();
    expect(await second.answered).toMatchObject({ status: 201 });
    expect(await first.answered).toBe("hung up");
  });
});
