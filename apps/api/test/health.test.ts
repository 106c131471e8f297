import { createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/client.ts";
import { testConfig } from "./harness.ts";

// A PostgreSQL that accepts connections and never answers: a frozen server, as the health check meets it.
const sockets = new Set<Socket>();
const frozen = createServer((socket) => {
  sockets.add(socket);
  socket.on("error", () => {});
});
await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
const address = frozen.address();
const port = typeof address === "object" && address ? address.port : 0;
const database = await openDatabase({ kind: "postgres", url: `postgres://postgres@127.0.0.1:${port}/frozen` });
const app = await buildApp(testConfig(), { database });
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await app.close();
  await database.close().catch(() => {});
  await new Promise((resolve) => frozen.close(resolve));
});

/** Holds the event loop the way a saturated server does: nothing else runs meanwhile. */
function holdTheEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

describe("GET /api/health, when its database ping gets no answer in time", () => {
  it("says the database is down, with Retry-After, when the server itself was idle", async () => {
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBe("5");
    expect(health.json()).toEqual({ success: false, message: "Database unavailable", data: { database: "down" } });
  });

  it("says the server is busy, not that the database is down, when its own event loop was the holdup", async () => {
    const answer = app.inject({ url: "/api/health" });
    // Let the request reach its ping first, then keep the loop for longer than the ping may wait.
    await new Promise((resolve) => setTimeout(resolve, 50));
    holdTheEventLoop(2_500);
    const health = await answer;
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBe("5");
    expect(health.json()).toEqual({
      success: false,
      message: "The server is busy. Please try again in a few seconds.",
    });
  });
});
