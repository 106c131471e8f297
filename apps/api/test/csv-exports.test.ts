import { setTimeout as sleep } from "node:timers/promises";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/client.ts";
import { call, createTestApp, signIn, testConfig } from "./harness.ts";
import { postCsvImport } from "./multipart.ts";

// The three CSV exports stream their batches after the status line. What is written down here, apart from
// the code: an export either answers with its whole file or with an error status and a message, never a
// 200 cut short; and exports, the heaviest work on the event loop, do not all run at once.
const { app, database } = await createTestApp();
const admin = await signIn(app);
const url = database.url ?? "";
const onPostgres = database.kind === "postgres" && url !== "";

const exports = [
  { path: "/api/newsletter/export", table: "subscribers" },
  { path: "/api/contacts/export", table: "contacts" },
  { path: "/api/activity-logs/export", table: "activity_logs" },
] as const;

/** A second session holding `table` locked until `release()`: every read of it waits. */
async function lockTable(table: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  await client.query(`lock table ${table} in access exclusive mode`);
  return {
    release: async () => {
      await client.query("commit");
      await client.end();
    },
  };
}

async function waitingOn(table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
      [`%from "${table}"%`],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres)("CSV exports", () => {
  it.each(exports)(
    "$path answers 503 with Retry-After when its first batch cannot be read, not a 200 cut short",
    async ({ path, table }) => {
      // An instance whose queries give up after 300 ms, as a saturated or frozen database makes them.
      const impatient = await openDatabase({ kind: "postgres", url, poolSize: 2, queryTimeoutMs: 300 });
      const second = await buildApp(testConfig(), { database: impatient });
      const lock = await lockTable(table);
      try {
        const answer = await second.inject({ url: path, headers: { authorization: `Bearer ${admin}` } });
        expect(answer.statusCode).toBe(503);
        expect(answer.headers["retry-after"]).toBe("5");
        expect(answer.json()).toEqual({ success: false, message: "The service is temporarily unavailable" });
      } finally {
        await lock.release();
        await second.close();
        await impatient.close();
      }
    },
  );

  it("runs at most two exports at once; the next waits for a slot and still gets its whole file", async () => {
    const before = await app.inject({ url: "/api/newsletter/export", headers: { authorization: `Bearer ${admin}` } });
    expect(before.statusCode).toBe(200);
    const lock = await lockTable("subscribers");
    let answers: Promise<Awaited<ReturnType<typeof app.inject>>[]> | undefined;
    try {
      answers = Promise.all(
        [1, 2, 3].map(() =>
          app.inject({ url: "/api/newsletter/export", headers: { authorization: `Bearer ${admin}` } }),
        ),
      );
      const deadline = Date.now() + 5_000;
      while ((await waitingOn("subscribers")) < 2 && Date.now() < deadline) await sleep(50);
      // Long enough for a third to have reached the database too, had it been let through.
      await sleep(500);
      expect(await waitingOn("subscribers")).toBe(2);
    } finally {
      await lock.release();
    }
    for (const answer of await answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(before.body);
    }
  });
});

/**
 * How Excel reads our comma-separated file where the list separator is `;` (German, French, Dutch,
 * Spanish): every `;` and line break starts a cell, and our quotes, mid-cell for it, are plain text.
 * A cell written as `"…` is read from after its opening quotes.
 */
function semicolonLocaleCells(csv: string): string[] {
  return csv.split(/[;\r\n]/).map((cell) => cell.replace(/^"+/, ""));
}

const formulaStart = /^[=+\-@]/;
const injected = "hi;=1+1;x";

async function exportOf(path: string): Promise<string> {
  const answer = await app.inject({ url: path, headers: { authorization: `Bearer ${admin}` } });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

async function tagged(name: string): Promise<string> {
  const tag = await call<TagDto>(app, {
    method: "POST",
    url: "/api/newsletter-tags/tags",
    token: admin,
    body: { name },
  });
  return tag.body.data._id;
}

const importCsv = (csv: string, tagId: string) => postCsvImport(app, admin, csv, [tagId]);

describe("CSV exports opened where the list separator is `;`", () => {
  it("no cell of the contacts or activity export starts a formula, however the text is split at `;`", async () => {
    const created = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/contacts",
      ip: "198.18.7.1",
      body: {
        name: injected,
        email: "semicolon@example.com",
        phone: "0123456789",
        subject: "web;=cmd|' /C calc'!A0",
        request: `Hello\n=1+1;${injected}`,
      },
    });
    expect(created.status).toBe(201);
    // Staff acting on it logs the visitor's name in the activity log's details.
    const update = await call(app, {
      method: "PUT",
      url: `/api/contacts/${created.body.data._id}`,
      token: admin,
      body: { status: "inProgress" },
    });
    expect(update.status).toBe(200);

    for (const path of ["/api/contacts/export", "/api/activity-logs/export?module=contact"]) {
      const csv = await exportOf(path);
      const formulas = semicolonLocaleCells(csv).filter((cell) => formulaStart.test(cell));
      expect(formulas, path).toEqual([]);
      // The text is still there, behind the apostrophe that marks it as text.
      expect(csv, path).toContain("hi;'=1+1;x");
    }
  });

  it("guards the subscriber export the same way, and its re-import gives back the same names", async () => {
    const names = [injected, "Ada;+1", "Grace\n-2;@x", "Plain; name"];
    const first = await tagged("Semicolon export");
    const file = names.map((name, at) => `semicolon${at}@example.com,"${name}"`).join("\n");
    const imported = await importCsv(`email,name\n${file}\n`, first);
    expect(imported.json().data).toMatchObject({ importedCount: names.length, skippedCount: 0 });

    const csv = await exportOf(`/api/newsletter/export?tagIds=${first}`);
    expect(semicolonLocaleCells(csv).filter((cell) => formulaStart.test(cell))).toEqual([]);

    const again = await tagged("Semicolon export again");
    const reimported = await importCsv(csv, again);
    expect(reimported.json().data).toMatchObject({ updatedCount: names.length, skippedCount: 0 });
    const people = await call<{ subscribers: { name: string }[] }>(app, {
      url: `/api/newsletter/get-all-subscriber?tagIds=${again}&limit=100`,
      token: admin,
    });
    expect(people.body.data.subscribers.map((person) => person.name).sort()).toEqual([...names].sort());
  });
});
