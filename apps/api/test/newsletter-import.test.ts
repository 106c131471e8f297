import type { ImportProgress, ImportResult, TagDto } from "@shop/shared/schemas/newsletter";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { postCsvImport } from "./multipart.ts";

// Files big enough for several pieces, COPYs and batches of the importer, on both of its paths: the bulk
// load (a file bigger than the audience) and the merge a batch at a time (IMPORT_BULK_MAX_ROWS=0).
const bulk = await createTestApp();
const batched = await createTestApp({ config: { IMPORT_BULK_MAX_ROWS: "0" } });

let app = bulk.app;
let admin = await signIn(app);

async function tag(name: string): Promise<TagDto> {
  return (await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name } }))
    .body.data;
}

const importCsv = (csv: string, tagId: string) => postCsvImport(app, admin, csv, [tagId], { fileName: "audience.csv" });

async function count(query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(app.db, query);
  return Number(row?.n);
}

/** The audience's indexes, as the migrations made them: a bulk load drops and builds them again. */
async function audienceIndexes(): Promise<string[]> {
  const rows = await queryRows<{ def: string }>(
    app.db,
    sql`select indexdef as def from pg_indexes where tablename in ('subscribers', 'subscriber_tags') order by indexname`,
  );
  return rows.map((row) => row.def);
}

/** The audience table's column defaults: a bulk load swaps in the import's own while it copies. */
async function audienceDefaults(): Promise<string[]> {
  const rows = await queryRows<{ def: string }>(
    app.db,
    sql`select column_name || ' ' || coalesce(column_default, '-') as def from information_schema.columns
      where table_name = 'subscribers' order by column_name`,
  );
  return rows.map((row) => row.def);
}

describe.each([
  ["in bulk", bulk],
  ["a batch at a time", batched],
])("a large CSV import, %s", (_path, context) => {
  it("merges repeats across chunks, reports the first 100 errors in line order, and keeps people's status", async () => {
    app = context.app;
    admin = await signIn(app);
    const indexesBefore = await audienceIndexes();
    const defaultsBefore = await audienceDefaults();
    const fans = await tag("Large import");
    // Already here, unsubscribed and nameless: the file may name her, never re-subscribe her.
    await app.db.execute(sql`insert into subscribers (id, email, status, source)
      values ('01890a5d-ac96-774b-bcce-b302099a8100', 'big7@example.com', 'unsubscribed', 'footer')`);
    const lines = ["Email;Name"];
    const expected = { imported: 0, updated: 1, skipped: 0 };
    for (let i = 0; i < 30_000; i += 1) {
      if (i % 200 === 199) {
        lines.push(`bad-${i};Broken`);
        expected.skipped += 1;
      } else if (i % 1000 === 500) {
        lines.push(`big${i - 1}@example.com;Again`);
        expected.skipped += 1;
      } else {
        lines.push(`big${i}@example.com;Big ${i}`);
        if (i !== 7) expected.imported += 1;
      }
    }
    // Far from the first, in another chunk and batch, written differently.
    lines.push("  BIG0@Example.com ;Again");
    expected.skipped += 1;

    const response = await importCsv(`${lines.join("\n")}\n`, fans._id);
    expect(response.statusCode).toBe(200);
    const result = response.json().data as ImportResult;
    expect(result).toMatchObject({
      importedCount: expected.imported,
      updatedCount: expected.updated,
      skippedCount: expected.skipped,
    });
    expect(result.errors).toHaveLength(100);
    expect(result.errors.map((e) => e.line)).toEqual([...result.errors.map((e) => e.line)].sort((a, b) => a - b));
    expect(result.errors.slice(0, 4)).toEqual([
      { line: 201, value: "bad-199", reason: "Invalid email address" },
      { line: 401, value: "bad-399", reason: "Invalid email address" },
      { line: 502, value: "big499@example.com", reason: "Duplicate in this file" },
      { line: 601, value: "bad-599", reason: "Invalid email address" },
    ]);

    const distinct = await count(sql`select count(*) as n from subscribers where email like 'big%@example.com'`);
    expect(distinct).toBe(expected.imported + 1);
    const untagged = await count(sql`select count(*) as n from subscribers s where email like 'big%@example.com'
      and not exists (select 1 from subscriber_tags t where t.subscriber_id = s.id and t.tag_id = ${fans._id})`);
    expect(untagged).toBe(0);
    const [big7] = await queryRows<{ status: string; name: string }>(
      app.db,
      sql`select status, name from subscribers where email = 'big7@example.com'`,
    );
    expect(big7).toEqual({ status: "unsubscribed", name: "Big 7" });
    // Consent came from this import (issue 16 item 11), on either path: no address, the job's file.
    const fromThisImport =
      await count(sql`select count(*) as n from subscribers s join import_consents c on c.id = s.import_consent_id
      where email like 'big%@example.com'
      and status = 'subscribed' and source = 'import' and subscribed_at = consent_at and consent_at > now() - interval '1 hour'
      and consent_ip is null and c.import_job_id = ${result.jobId} and c.file_name = 'audience.csv'`);
    expect(fromThisImport).toBe(expected.imported);

    const progress = await call<ImportProgress>(app, {
      url: `/api/csv/import-progress/${result.jobId}`,
      token: admin,
    });
    expect(progress.body.data).toMatchObject({
      status: "finished",
      rowsRead: 30_001,
      importedCount: expected.imported,
    });

    // Every index is back as it was, and does its work: one address once, contains-search by trigram.
    expect(await audienceIndexes()).toEqual(indexesBefore);
    expect(await audienceDefaults()).toEqual(defaultsBefore);
    expect(indexesBefore.length).toBeGreaterThanOrEqual(7);
    const again = await app.db
      .execute(
        sql`insert into subscribers (id, email, source) values ('01890a5d-ac96-774b-bcce-b302099a8101', 'BIG8@example.com', 'footer')`,
      )
      .then(
        () => "inserted",
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(again).toMatch(/duplicate key|unique/i);
    const search = await call<{ subscribers: { email: string }[] }>(app, {
      url: "/api/newsletter/get-all-subscriber?search=g29998%40&limit=5",
      token: admin,
    });
    expect(search.body.data.subscribers.map((s) => s.email)).toEqual(["big29998@example.com"]);
  });

  it("fails on a row the database refuses, leaving nothing half-written and the job marked failed", async () => {
    const indexesBefore = await audienceIndexes();
    const fans = await tag("Failing import");
    await app.db.execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.email = 'boom@example.com' then raise exception 'refused'; end if; return new; end $$`),
    );
    await app.db.execute(
      sql.raw("create trigger refuse_boom before insert on subscribers for each row execute function refuse_boom()"),
    );
    try {
      // Bigger than the audience the first test left (30,000), so the bulk path takes it.
      const lines = ["email"];
      for (let i = 0; i < 45_000; i += 1) lines.push(i === 15_000 ? "boom@example.com" : `fail${i}@example.com`);
      const response = await importCsv(`${lines.join("\n")}\n`, fans._id);
      expect(response.statusCode).toBe(500);

      // PGlite never loads in bulk, and sizes its batches by time there (import/batched.ts).
      const pglite = context.database.kind === "pglite";
      const batchRows = 10_000;
      const present = await queryRows<{ batch: number; n: number }>(
        app.db,
        sql`select (substring(email from 'fail(\\d+)@')::int / ${batchRows}::int) as batch, count(*)::int as n
          from subscribers where email like 'fail%@example.com' group by 1 order by 1`,
      );
      if (pglite) {
        // Batches of 1,000 rows or more, written in turn: what is in is the file's first rows, as
        // many as the job last reported, and the refused row (15000) is not.
        const [range] = await queryRows<{ n: number; first: number; last: number }>(
          app.db,
          sql`select count(*)::int as n, min(substring(email from 'fail(\\d+)@')::int) as first,
            max(substring(email from 'fail(\\d+)@')::int) as last from subscribers where email like 'fail%@example.com'`,
        );
        const [reported] = await queryRows<{ imported: number }>(
          app.db,
          sql`select imported_count as imported from import_jobs where file_name = 'audience.csv' order by created_at desc limit 1`,
        );
        expect(range).toMatchObject({ first: 0, last: (range?.n ?? 0) - 1 });
        expect(range?.n).toBeGreaterThanOrEqual(1_000);
        expect(range?.n).toBeLessThanOrEqual(15_000);
        expect(reported?.imported).toBe(range?.n);
      } else if (context === bulk) {
        // One transaction: nothing written, and the indexes dropped for it are all back.
        expect(present).toEqual([]);
        expect(await audienceIndexes()).toEqual(indexesBefore);
      } else {
        // Whole batches: the first is in, the refused one (row 15000) is absent, and any written
        // alongside it are whole.
        const refused = Math.floor(15_000 / batchRows);
        expect(present[0]).toEqual({ batch: 0, n: batchRows });
        expect(present.find((row) => row.batch === refused)).toBeUndefined();
        for (const row of present) expect(row.n).toBe(Math.min(batchRows, 45_000 - row.batch * batchRows));
      }
      const [job] = await queryRows<{ status: string }>(
        app.db,
        sql`select status from import_jobs where file_name = 'audience.csv' order by created_at desc limit 1`,
      );
      expect(job?.status).toBe("failed");
    } finally {
      await app.db.execute(sql.raw("drop trigger refuse_boom on subscribers"));
      await app.db.execute(sql.raw("drop function refuse_boom()"));
    }
  });
});

const postgresUrl = (bulk.database as { url?: string }).url;

describe("a bulk load that cannot lock the audience", () => {
  it.skipIf(!postgresUrl)("gives up waiting after a second and merges a batch at a time", async () => {
    app = bulk.app;
    admin = await signIn(app);
    const fans = await tag("Busy audience");
    // A long read of the audience (a campaign being queued, say) holds a lock the bulk load would wait on.
    const reader = new pg.Client({ connectionString: postgresUrl });
    await reader.connect();
    try {
      await reader.query("begin");
      await reader.query("lock table subscribers in access share mode");
      const lines = ["email"];
      for (let i = 0; i < 40_000; i += 1) lines.push(`busy${i}@example.com`);
      const started = performance.now();
      const response = await importCsv(`${lines.join("\n")}\n`, fans._id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ importedCount: 40_000, skippedCount: 0 });
      expect(performance.now() - started).toBeGreaterThan(1_000);
      const [row] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from subscribers s join subscriber_tags t on t.subscriber_id = s.id
          where s.email like 'busy%@example.com' and t.tag_id = ${fans._id}`,
      );
      expect(row?.n).toBe(40_000);
    } finally {
      await reader.query("rollback");
      await reader.end();
    }
  });
});
