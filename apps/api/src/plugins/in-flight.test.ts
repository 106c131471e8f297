import Fastify from "fastify";
import { expect, it } from "vitest";
import { inFlightPlugin } from "./in-flight.ts";

it("waits for a running handler, and not for a finished one", async () => {
  const app = Fastify();
  await app.register(inFlightPlugin);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get("/slow", async () => {
    await gate;
    return { ok: true };
  });
  app.get("/sync", (_request, reply) => {
    reply.send({ ok: true });
  });
  await app.ready();

  expect((await app.inject({ url: "/sync" })).statusCode).toBe(200);
  await app.requestsDrained(); // nothing running: resolves at once

  const answer = app.inject({ url: "/slow" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  let drained = false;
  const draining = app.requestsDrained().then(() => {
    drained = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(drained).toBe(false);
  release();
  await draining;
  expect(drained).toBe(true);
  expect((await answer).statusCode).toBe(200);
  await app.close();
});

it("lets a job wait while another request is open, but not for one answered or abandoned", async () => {
  const app = Fastify();
  await app.register(inFlightPlugin);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get("/slow", async () => {
    await gate;
    return { ok: true };
  });
  app.get("/job", async () => {
    const started = performance.now();
    await app.othersAnswered(2_000);
    return { waited: performance.now() - started };
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const waited = async () => ((await (await fetch(`${base}/job`)).json()) as { waited: number }).waited;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  expect(await waited()).toBeLessThan(1_000);

  // A client that hangs up: its handler still runs, but no answer is owed to anyone.
  const hungUp = new AbortController();
  const abandoned = fetch(`${base}/slow`, { signal: hungUp.signal }).catch(() => "aborted");
  await pause(50);
  hungUp.abort();
  expect(await abandoned).toBe("aborted");
  await pause(50);
  expect(await waited()).toBeLessThan(1_000);

  const open = fetch(`${base}/slow`);
  await pause(50);
  const job = waited();
  await pause(300);
  release();
  expect(await job).toBeGreaterThanOrEqual(250);
  expect((await open).status).toBe(200);
  await app.close();
});
