import type { ImportResult } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { isSuppressed, suppress } from "../src/modules/newsletter/suppressions.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { postCsvImport } from "./multipart.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
const editor = await createStaff(app, admin, ["newsletter:update-subscriber"]);
const viewer = await createStaff(app, admin, ["newsletter:view-subscribers"]);

type Suppression = { _id: string; email: string; reason: string; createdAt: string };
type SuppressionPage = { suppressions: Suppression[]; pagination: { currentPage: number; totalPages: number } };

let counter = 0;
const address = (what: string) => {
  counter += 1;
  return `${what}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
};
const list = (token: string, search: string) =>
  call<SuppressionPage>(app, { url: `/api/newsletter/suppressions?search=${encodeURIComponent(search)}`, token });

/** Imports these addresses as the editor, tagged with a new tag; the upload's answer. */
async function importAddresses(emails: string[]): Promise<ImportResult> {
  const tag = await call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/newsletter-tags/tags",
    token: admin,
    body: { name: `Imported ${counter} ${Math.random().toString(36).slice(2, 7)}` },
  });
  const response = await postCsvImport(app, editor.token, `email\n${emails.join("\n")}\n`, [tag.body.data._id], {
    fileName: "audience.csv",
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: ImportResult }).data;
}

describe("the suppression list", () => {
  it("is shown to a user with newsletter:update-subscriber, with why each address is on it", async () => {
    const gone = address("gone");
    await suppress(app.db, gone, "hard-bounce");
    const shown = await list(editor.token, gone);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data.suppressions).toEqual([
      { _id: expect.any(String), email: gone, reason: "hard-bounce", createdAt: expect.any(String) },
    ]);
    expect((await list(viewer.token, gone)).status).toBe(403);
  });

  it("lifts a suppression only for that permission, and logs who lifted it", async () => {
    const angry = address("angry");
    await suppress(app.db, angry, "complaint");
    const [entry] = (await list(admin, angry)).body.data.suppressions;
    const url = `/api/newsletter/suppressions/${entry?._id}`;
    expect((await call(app, { method: "DELETE", url, token: viewer.token })).status).toBe(403);
    expect(await isSuppressed(app.db, angry)).toBe(true);

    const lifted = await call(app, { method: "DELETE", url, token: editor.token });
    expect(lifted.status, lifted.text).toBe(200);
    expect(await isSuppressed(app.db, angry)).toBe(false);
    expect((await list(editor.token, angry)).body.data.suppressions).toEqual([]);
    const logged = await queryRows<{ action: string; description: string; user_id: string }>(
      app.db,
      sql`select action, description, user_id from activity_logs where action = 'Lift suppression' and description like ${`%${angry}%`}`,
    );
    expect(logged).toEqual([
      { action: "Lift suppression", description: expect.stringContaining("complaint"), user_id: editor.userId },
    ]);
    expect((await call(app, { method: "DELETE", url, token: editor.token })).status).toBe(404);
  });

  it("refuses to put a suppressed address back by hand, and says why", async () => {
    const person = address("person");
    await app.db.execute(
      sql`insert into subscribers (id, email, status, source) values (uuid_v7(), ${person}, 'subscribed', 'admin')`,
    );
    const [row] = await queryRows<{ id: string }>(app.db, sql`select id from subscribers where email = ${person}`);
    const gone = address("gone");
    await suppress(app.db, gone, "hard-bounce");
    const response = await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${row?.id}`,
      token: editor.token,
      body: { email: gone.toUpperCase() },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      "This address is on the suppression list (hard bounce) and will not be mailed. Lift the suppression first to add it again.",
    );
    expect(response.body.errors?.email).toBe(response.body.message);
    const [after] = await queryRows<{ email: string }>(
      app.db,
      sql`select email from subscribers where id = ${row?.id}`,
    );
    expect(after?.email).toBe(person);
  });

  it("leaves suppressed rows out of an import and reports how many", async () => {
    const gone = address("gone");
    const erased = address("erased");
    const fresh = address("fresh");
    await suppress(app.db, gone, "hard-bounce");
    await suppress(app.db, erased, "erased");
    const result = await importAddresses([gone, fresh, erased.toUpperCase()]);
    expect(result).toMatchObject({ importedCount: 1, suppressedCount: 2 });
    const imported = await queryRows<{ email: string }>(
      app.db,
      sql`select email from subscribers where lower(email) in (${gone}, ${fresh}, ${erased})`,
    );
    expect(imported).toEqual([{ email: fresh }]);
  });

  it("leaves them out of a file big enough for the bulk load too (on PostgreSQL)", async () => {
    const gone = address("bulk-gone");
    const erased = address("bulk-erased");
    await suppress(app.db, gone, "complaint");
    await suppress(app.db, erased, "erased");
    const rows = Array.from({ length: 10_500 }, (_, i) => `bulk-${counter}-${i}@example.com`);
    rows.splice(100, 0, gone);
    rows.splice(5_000, 0, erased);
    const result = await importAddresses(rows);
    expect(result).toMatchObject({ importedCount: 10_500, suppressedCount: 2 });
    const found = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from subscribers where lower(email) in (${gone}, ${erased})`,
    );
    expect(found[0]?.n).toBe(0);
  });
});
