import { setTimeout as sleep } from "node:timers/promises";
import type { ImportResult, TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signLink } from "../src/lib/signed-links.ts";
import { queryRows } from "../src/lib/sql.ts";
import { applyQueuedChanges } from "../src/modules/newsletter/audience-notices.ts";
import { testJwtSecret } from "./constants.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

// A first import big enough to take seconds, on the path such a file takes (bigger than the audience,
// under the ceiling): sign-ups and unsubscribes arriving meanwhile are answered at once and kept.
// PostgreSQL's bulk load now takes 150,000 rows in under 1.5 s on a quiet machine, too short for a
// sign-up held to the import's end to fail the 1 s median below: it gets twice the rows.
const { app, database } = await createTestApp({ config: { IMPORT_BULK_MAX_ROWS: "400000" } });
const rows = database.kind === "postgres" ? 300_000 : 150_000;
const linkSecret = `${testJwtSecret}:email-links`;
const tickMs = 250;
/** People already in the audience, each unsubscribing on one tick while the import runs. */
const leavers = 40;

describe("sign-ups during a large import", () => {
  it("are answered within a second, subscribed once, and unsubscribes hold against the file", async () => {
    const admin = await signIn(app);
    const tag = await call<TagDto>(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "During import" },
    });
    const leaving: string[] = [];
    for (let i = 0; i < leavers; i += 1) {
      const [row] = await queryRows<{ id: string }>(
        app.db,
        sql`insert into subscribers (id, email, status, source)
          values (gen_random_uuid(), ${`leaving${i}@example.com`}, 'subscribed', 'footer') returning id`,
      );
      leaving.push(row?.id ?? "");
    }

    // Every leaver is in the file (it must not bring them back), and so is every other person who signs up.
    const lines = ["email,name"];
    for (let i = 0; i < leavers; i += 1) lines.push(`leaving${i}@example.com,Leaving ${i}`);
    for (let i = 0; i < 100; i += 2) lines.push(`joining${i}@example.com,Joining ${i}`);
    while (lines.length <= rows) lines.push(`crowd${lines.length}@example.com,Crowd ${lines.length}`);
    const body = multipart([
      { name: "file", filename: "first-import.csv", type: "text/csv", data: `${lines.join("\n")}\n` },
      { name: "tagIds", data: tag.body.data._id },
    ]);

    const started = performance.now();
    let importEnded = 0;
    const imported = app
      .inject({
        method: "POST",
        url: "/api/csv/import-csv",
        headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
        payload: body.payload,
      })
      .finally(() => {
        importEnded = performance.now();
      });

    // A sign-up and an unsubscribe every tick until the import answers. Each is timed from when it was
    // due, so time the event loop spent blocked before sending it counts too.
    const answers: Promise<{ kind: string; ms: number; status: number; duringImport: boolean }>[] = [];
    for (let tick = 0; importEnded === 0 && tick < leavers; tick += 1) {
      const due = started + tick * tickMs;
      await sleep(Math.max(0, due - performance.now()));
      if (importEnded !== 0) break;
      const timed = (kind: string, sent: Promise<{ statusCode: number }>) =>
        sent.then((response) => ({
          kind,
          ms: performance.now() - due,
          status: response.statusCode,
          duringImport: importEnded === 0,
        }));
      answers.push(
        timed(
          "sign-up",
          app.inject({
            method: "POST",
            url: "/api/newsletter/subscriber",
            payload: { email: `joining${tick}@example.com` },
            remoteAddress: `10.0.0.${tick + 1}`,
          }),
        ),
        timed(
          "unsubscribe",
          app.inject({
            method: "POST",
            url: `/unsubscribe/${signLink(linkSecret, "unsubscribe", { subscriberId: leaving[tick] ?? "", campaignId: null })}`,
          }),
        ),
      );
    }
    const response = await imported;
    const answered = await Promise.all(answers);
    const importSeconds = (importEnded - started) / 1000;

    expect(response.statusCode).toBe(200);
    expect((response.json().data as ImportResult).skippedCount).toBe(0);
    // The import ran long enough for the test to mean something, and requests came in while it ran.
    expect(importSeconds).toBeGreaterThan(1.5);
    const during = answered.filter((answer) => answer.duringImport);
    expect(during.length).toBeGreaterThanOrEqual(4);
    const slowest = Math.max(...answered.map((answer) => answer.ms));
    console.log(
      `import ${importSeconds.toFixed(2)} s; ${answered.length} requests, ${during.length} answered during it; slowest ${Math.round(slowest)} ms; statuses ${[...new Set(answered.map((answer) => `${answer.kind} ${answer.status}`))].join(", ")}`,
    );
    for (const answer of answered) expect(answer).toMatchObject({ status: 200 });
    // The 1 s target is measured by `npm run bench:import` on a quiet machine. Here, on a shared one
    // where two test files run at once, the typical answer must meet it and none may wait anything
    // like the import's length (before the fix: all held to its end, 6.5 s on PostgreSQL, 24 s on PGlite).
    const times = answered.map((answer) => answer.ms).sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(1_000);
    expect(slowest).toBeLessThan(2_500);

    const ticks = answered.length / 2;
    const people = await queryRows<{ email: string; status: string; copies: number }>(
      app.db,
      sql`select lower(email) as email, min(status) as status, count(*)::int as copies from subscribers
        where email like 'joining%' or email like 'leaving%' group by 1 order by 1`,
    );
    const byEmail = new Map(people.map((person) => [person.email, person]));
    for (let tick = 0; tick < ticks; tick += 1) {
      expect(byEmail.get(`joining${tick}@example.com`)).toMatchObject({ status: "subscribed", copies: 1 });
      expect(byEmail.get(`leaving${tick}@example.com`)).toMatchObject({ status: "unsubscribed", copies: 1 });
    }
    for (let tick = ticks; tick < leavers; tick += 1) {
      expect(byEmail.get(`leaving${tick}@example.com`)).toMatchObject({ status: "subscribed", copies: 1 });
    }
    const [crowd] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from subscribers where email like 'crowd%'`,
    );
    expect(crowd?.n).toBe(rows - leavers - 50);
  }, 180_000);

  it("applies queued changes in order, once, never undoing a later sign-up or unsubscribe", async () => {
    const person = async (email: string, status: string, since: string) => {
      const [row] = await queryRows<{ id: string }>(
        app.db,
        sql`insert into subscribers (id, email, status, source, subscribed_at, unsubscribed_at)
          values (gen_random_uuid(), ${email}, ${status}, 'footer', now() - ${since}::interval,
            ${status === "unsubscribed" ? sql`now()` : sql`null`}) returning id`,
      );
      return row?.id ?? "";
    };
    // Left after she asked to join: the queued sign-up must not bring her back.
    await person("changed-mind@example.com", "unsubscribed", "1 day");
    // Joined again after he asked to leave: the queued unsubscribe must not drop him.
    const rejoined = await person("rejoined@example.com", "subscribed", "0 seconds");
    const leaving = await person("queued-leaver@example.com", "subscribed", "1 day");
    await app.db.execute(sql`insert into pending_subscriber_changes (id, kind, email, subscriber_id, ip_address, requested_at)
      values (gen_random_uuid(), 'subscribe', 'changed-mind@example.com', null, '10.2.0.1', now() - interval '1 minute'),
        (gen_random_uuid(), 'unsubscribe', null, ${rejoined}, '10.2.0.2', now() - interval '1 minute'),
        (gen_random_uuid(), 'subscribe', 'queued-joiner@example.com', null, '10.2.0.3', now()),
        (gen_random_uuid(), 'unsubscribe', null, ${leaving}, '10.2.0.4', now())`);

    await applyQueuedChanges(app, { linkSecret, publicUrl: "http://shop.test" });

    const statuses = await queryRows<{ email: string; status: string }>(
      app.db,
      sql`select email, status from subscribers where email in
        ('changed-mind@example.com', 'rejoined@example.com', 'queued-joiner@example.com', 'queued-leaver@example.com')
        order by email`,
    );
    expect(statuses).toEqual([
      { email: "changed-mind@example.com", status: "unsubscribed" },
      { email: "queued-joiner@example.com", status: "subscribed" },
      { email: "queued-leaver@example.com", status: "unsubscribed" },
      { email: "rejoined@example.com", status: "subscribed" },
    ]);
    const [left] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from pending_subscriber_changes`,
    );
    expect(left?.n).toBe(0);
    const [logged] = await queryRows<{ ip: string }>(
      app.db,
      sql`select ip_address as ip from activity_logs where description = 'queued-leaver@example.com unsubscribed'`,
    );
    expect(logged?.ip).toBe("10.2.0.4");
  });
});
