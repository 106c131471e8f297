import type { ImportProgress, ImportResult, TagDto } from "@shop/shared/schemas/newsletter";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

// Files big enough for several chunks (20,000 rows) and batches (10,000 rows) of the importer.
const { app } = await createTestApp();
const admin = await signIn(app);

async function tag(name: string): Promise<TagDto> {
  return (await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name } }))
    .body.data;
}

function importCsv(csv: string, tagId: string) {
  const body = multipart([
    { name: "file", filename: "audience.csv", type: "text/csv", data: csv },
    { name: "tagIds", data: tagId },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/csv/import-csv",
    headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

async function count(query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(app.db, query);
  return Number(row?.n);
}

describe("a large CSV import", () => {
  it("merges repeats across chunks, reports the first 100 errors in line order, and keeps people's status", async () => {
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

    const progress = await call<ImportProgress>(app, {
      url: `/api/csv/import-progress/${result.jobId}`,
      token: admin,
    });
    expect(progress.body.data).toMatchObject({
      status: "finished",
      rowsRead: 30_001,
      importedCount: expected.imported,
    });
  });

  it("fails on a batch the database refuses, leaving whole batches only and the job marked failed", async () => {
    const fans = await tag("Failing import");
    await app.db.execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.email = 'boom@example.com' then raise exception 'refused'; end if; return new; end $$`),
    );
    await app.db.execute(
      sql.raw("create trigger refuse_boom before insert on subscribers for each row execute function refuse_boom()"),
    );
    try {
      const lines = ["email"];
      for (let i = 0; i < 25_000; i += 1) lines.push(i === 15_000 ? "boom@example.com" : `fail${i}@example.com`);
      const response = await importCsv(`${lines.join("\n")}\n`, fans._id);
      expect(response.statusCode).toBe(500);

      // Batches hold rows 0-9999, 10000-19999 (the refused one) and 20000-24999: each is all there or absent.
      const present = await queryRows<{ batch: number; n: number }>(
        app.db,
        sql`select (substring(email from 'fail(\\d+)@')::int / 10000) as batch, count(*)::int as n
          from subscribers where email like 'fail%@example.com' group by 1 order by 1`,
      );
      expect(present.find((row) => row.batch === 1)).toBeUndefined();
      expect(present.find((row) => row.batch === 0)).toEqual({ batch: 0, n: 10_000 });
      for (const row of present) expect(row.n).toBe(row.batch === 2 ? 5_000 : 10_000);
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
