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
