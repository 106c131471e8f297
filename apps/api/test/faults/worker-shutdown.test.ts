import { randomUUID } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../smtp-sink.ts";
import { waitUntil } from "./campaign.ts";
import { createDatabase, type FreshDatabase } from "./databases.ts";
import { cleanUp, disposeAll, exitWithin, startWorker } from "./processes.ts";

/**
 * `npm run worker` asked to stop (a deploy, a restart) while a send hangs: an SMTP peer that took the
 * connection and never answers. It must exit within SHUTDOWN_TIMEOUT_MS, as the server does, and the
 * mail in hand must be neither lost nor sent twice: the next start sends it once.
 */

/** Takes connections and never says a word, not even the 220 greeting; close() cuts them. */
async function startSilentPeer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let connections = 0;
  server.on("connection", () => {
    connections += 1;
  });
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const shutdownTimeoutMs = 1_500;
const closers: Array<() => Promise<void>> = [];
let database: FreshDatabase | undefined;
afterAll(() => cleanUp(disposeAll, ...closers.map((close) => close), () => database?.drop()));

type OutboxRow = { status: string; attempts: number; leased: boolean; sent: boolean };
async function outboxRow(id: string): Promise<OutboxRow | undefined> {
  const result = await database?.pool.query<OutboxRow>(
    `select status, attempts, coalesce(lease_until > now(), false) as leased, sent_at is not null as sent from mail_outbox where id = $1`,
    [id],
  );
  return result?.rows[0];
}

describe("SIGTERM of the worker while a send hangs", () => {
  const id = randomUUID();
  const messageId = `<${id}@shop.test>`;

  it("exits non-zero within SHUTDOWN_TIMEOUT_MS, saying so, and leaves the mail pending under its lease", async () => {
    database = await createDatabase();
    const peer = await startSilentPeer();
    closers.push(peer.close);
    const worker = await startWorker({
      env: { DATABASE_URL: database.url, SMTP_URL: peer.url, SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) },
    });
    const message = {
      from: { name: "Shop", address: "shop@shop.test" },
      to: ["someone@example.test"],
      subject: "Your enquiry",
      text: "We have it.",
      messageId,
      date: new Date().toISOString(),
    };
    await database.pool.query(
      `insert into mail_outbox (id, kind, recipient, message) values ($1, 'enquiry-confirmation', $2, $3)`,
      [id, "someone@example.test", JSON.stringify(message)],
    );
    // Claimed and on the wire: the outbox polls every 3 s.
    await waitUntil("the worker to claim the mail and connect", 20_000, async () => {
      const row = await outboxRow(id);
      return row?.attempts === 1 && peer.connections() > 0;
    });

    const signalledAt = worker.signal("SIGTERM");
    const exit = await exitWithin(worker, shutdownTimeoutMs + 5_000);

    expect(exit, `the worker did not exit within ${shutdownTimeoutMs + 5_000} ms of SIGTERM`).toBeDefined();
    expect(exit?.code).toBe(1);
    expect((exit?.at ?? Number.POSITIVE_INFINITY) - signalledAt).toBeGreaterThanOrEqual(shutdownTimeoutMs - 100);
    const timedOut = worker.logLines().find((line) => line.msg === "shutdown timed out; exiting anyway");
    expect(timedOut, worker.output().slice(-2_000)).toMatchObject({ level: "error", timeoutMs: shutdownTimeoutMs });
    // Neither sent nor failed: still pending, under the lease of the attempt cut short, for whoever claims it next.
    expect(await outboxRow(id)).toEqual({ status: "pending", attempts: 1, leased: true, sent: false });
  });

  it("sends that mail exactly once on the next start, once the lease has run out", async () => {
    if (!database) throw new Error("the first test did not run");
    // The lease is two minutes; it runs out here at once, as if the restart came that much later.
    await database.pool.query(`update mail_outbox set lease_until = now() - interval '1 second' where id = $1`, [id]);
    const sink = await startSmtpSink();
    closers.push(sink.close);
    const worker = await startWorker({
      env: { DATABASE_URL: database.url, SMTP_URL: sink.url, SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) },
    });
    await waitUntil("the mail to be sent", 20_000, async () => (await outboxRow(id))?.status === "sent");
    // Another poll or two of the outbox (every 3 s): nothing goes out again.
    await new Promise((resolve) => setTimeout(resolve, 7_000));

    expect(sink.messages.map((m) => m.headers.get("message-id"))).toEqual([messageId]);
    expect(await outboxRow(id)).toEqual({ status: "sent", attempts: 2, leased: false, sent: true });
    worker.signal("SIGTERM");
    const exit = await exitWithin(worker, 10_000);
    expect(exit?.code, "a worker with nothing in hand stops cleanly").toBe(0);
  });
});
