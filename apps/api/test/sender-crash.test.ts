import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { startCampaign } from "../src/modules/campaigns/lifecycle.ts";
import { createCampaign } from "../src/modules/campaigns/service.ts";
import { testJwtSecret } from "./constants.ts";
import { openTestDatabase } from "./harness.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log("sender crash test: runs on PostgreSQL only (two processes share the database); set TEST_DATABASE_URL");

describe.runIf(postgres)("a campaign survives its sender being killed", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-crash-"));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers to everyone after a SIGKILL mid-send, repeating only what was in flight", async () => {
    const database = await openTestDatabase();
    const { db } = database;
    const total = 600;
    await db.execute(sql`insert into subscribers (id, email, status, source, subscribed_at)
      select uuid_v7(), 'crash' || n || '@example.com', 'subscribed', 'admin', now() from generate_series(1, ${total}) n`);
    const [adminUser] = await queryRows<{ id: string }>(db, sql`select id from users limit 1`);
    const campaign = await createCampaign(
      db,
      { subject: "Crash test", preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
      adminUser?.id ?? "",
    );
    const started = await startCampaign(db, campaign._id);
    expect(started.recipientCount).toBeGreaterThanOrEqual(total);
    const expected = started.recipientCount;

    // A slow peer, so the kill lands while messages are going out.
    const sink = await startSmtpSink();
    const slow = sink.messages;
    const worker = () => {
      const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_URL: database.url,
          SMTP_URL: sink.url,
          JWT_SECRET: testJwtSecret,
          DATA_DIR: dataDir,
          SAMPLE_DATA: "false",
          SENDER_LEASE_MS: "2000",
          SEND_RATE: "300",
        },
        stdio: "ignore",
      });
      children.push(child);
      return child;
    };

    const first = worker();
    const deadline = Date.now() + 60_000;
    while (slow.length < expected / 4 && Date.now() < deadline) await sleep(20);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const [inFlight] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from campaign_recipients where status = 'sending'`,
    );
    const deliveredAtKill = slow.length;
    expect(deliveredAtKill).toBeGreaterThan(0);
    expect(deliveredAtKill).toBeLessThan(expected);

    const second = worker();
    let status = "";
    while (Date.now() < deadline) {
      [{ status = "" } = { status: "" }] = await queryRows<{ status: string }>(
        db,
        sql`select status from campaigns where id = ${campaign._id}`,
      );
      if (status === "sent") break;
      await sleep(100);
    }
    second.kill("SIGTERM");
    await new Promise((resolve) => second.once("exit", resolve));
    await sink.close();

    expect(status).toBe("sent");
    const perAddress = new Map<string, number>();
    for (const message of slow) for (const to of message.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const duplicates = [...perAddress.values()].reduce((sum, n) => sum + (n - 1), 0);
    console.log(
      `sender crash test: ${expected} recipients, ${deliveredAtKill} delivered before SIGKILL, ${inFlight?.n ?? 0} in flight, ${duplicates} sent twice, ${perAddress.size} reached`,
    );
    expect(perAddress.size).toBe(expected);
    expect(duplicates).toBeLessThanOrEqual(inFlight?.n ?? 0);
    const [notSent] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from campaign_recipients where campaign_id = ${campaign._id} and status <> 'sent'`,
    );
    expect(notSent?.n).toBe(0);
    await database.close();
  }, 90_000);
});
