import type { TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { suppress } from "../src/modules/newsletter/suppressions.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { postCsvImport } from "./multipart.ts";

// An address whose domain is written in another script (an internationalised domain name) is one mail
// relays know by its punycode form: the footer, the import and the suppression list must all keep and
// match it so. Punycode forms are as registrars show them (RFC 3492), not worked out by our code.
const { app } = await createTestApp();
const admin = await signIn(app);
const tag = (
  await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name: "IDN" } })
).body.data;
let visitor = 0;

const subscribe = (email: string) =>
  call(app, { method: "POST", url: "/api/newsletter/subscriber", body: { email }, ip: `10.8.0.${++visitor}` });

async function kept(pattern: string): Promise<{ email: string; status: string }[]> {
  return queryRows(app.db, sql`select email, status from subscribers where email like ${pattern} order by email`);
}

const importCsv = (csv: string) => postCsvImport(app, admin, csv, [tag._id]);

describe("addresses at an internationalised domain", () => {
  it("sign up from the footer, kept in punycode, and the ASCII form is the same person", async () => {
    expect((await subscribe("Anna@Bücher.de")).status).toBe(200);
    expect(await kept("anna@%")).toEqual([{ email: "anna@xn--bcher-kva.de", status: "subscribed" }]);
    expect((await subscribe("anna@xn--bcher-kva.de")).status).toBe(200);
    expect(await kept("anna@%")).toHaveLength(1);
  });

  it("are found by the admin's search as staff would type them, in either form", async () => {
    for (const search of ["bücher", "Anna@Bücher.de", "bücher.de", "xn--bcher"]) {
      const found = await call<{ subscribers: { email: string }[] }>(app, {
        url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(search)}`,
        token: admin,
      });
      expect(found.status, search).toBe(200);
      expect(
        found.body.data.subscribers.map((person) => person.email),
        search,
      ).toEqual(["anna@xn--bcher-kva.de"]);
    }
  });

  it("refuses a local part past ASCII, which only SMTPUTF8 relays carry, and keeps nothing", async () => {
    const refused = await subscribe("josé@example.com");
    expect(refused.status).toBe(400);
    expect(await kept("jos%")).toEqual([]);
  });

  it("import as the footer keeps them: one person for both forms, a local part past ASCII skipped", async () => {
    const response = await importCsv(
      "email,name\nlea@straße.de,Lea\nLEA@xn--strae-oqa.de,Lea again\nkai@例え.jp,Kai\nrené@example.com,René\n",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 2, skippedCount: 2 });
    const reasons = (response.json().data.errors as { line: number; reason: string }[]).map((e) => [e.line, e.reason]);
    expect(reasons).toEqual([
      [3, "Duplicate in this file"],
      [5, "Invalid email address"],
    ]);
    expect(await kept("lea@%")).toEqual([{ email: "lea@xn--strae-oqa.de", status: "subscribed" }]);
    expect(await kept("kai@%")).toEqual([{ email: "kai@xn--r8jz45g.jp", status: "subscribed" }]);
  });

  it("are matched by the suppression list whichever form reached it", async () => {
    await suppress(app.db, "bo@münchen.example", "hard-bounce");
    const csv = "email,name\nbo@xn--mnchen-3ya.example,Bo\n";
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 0 });
    expect(await kept("bo@%")).toEqual([]);
  });
});
