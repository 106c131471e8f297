import type { TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

// Issue 16 item 14: the files people really export, each through the upload route.
const { app } = await createTestApp();
const admin = await signIn(app);
const fans = (
  await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name: "Exports" } })
).body.data;

function importFile(data: string | Buffer, options: { fileName?: string; type?: string } = {}) {
  const body = multipart([
    { name: "file", filename: options.fileName ?? "people.csv", type: options.type ?? "text/csv", data },
    { name: "tagIds", data: fans._id },
  ]);
  return app.inject({
    method: "POST",
    url: "/api/csv/import-csv",
    headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

async function nameOf(email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(app.db, sql`select name from subscribers where email = ${email}`);
  return row?.name;
}

describe("importing the files people export", () => {
  it("skips Excel's blank rows silently, with or without separators", async () => {
    const response = await importFile(
      "email,name\r\nblank1@example.com,One\r\n,\r\n,,,\r\n  ,  \r\nblank2@example.com,Two\r\n,,\r\n",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 2, skippedCount: 0, errors: [] });
  });

  it("reads bare-CR line endings (Excel for Mac), with a newline inside a quoted field", async () => {
    const response = await importFile('email,name\rcr1@example.com,"Ada\nLovelace"\rcr2@example.com,Grace\r');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 2, skippedCount: 0, errors: [] });
    expect(await nameOf("cr1@example.com")).toBe("Ada\nLovelace");
    expect(await nameOf("cr2@example.com")).toBe("Grace");
  });
  it("reads tab-separated files, as .tsv, .txt or .csv", async () => {
    const tsv = await importFile("Email\tName\ntab1@example.com\tAda, Countess\n", {
      fileName: "people.tsv",
      type: "text/tab-separated-values",
    });
    expect(tsv.statusCode).toBe(200);
    expect(tsv.json().data).toMatchObject({ importedCount: 1, skippedCount: 0 });
    expect(await nameOf("tab1@example.com")).toBe("Ada, Countess");
    const txt = await importFile("name\temail\nGrace; Hopper\ttab2@example.com\n", {
      fileName: "people.txt",
      type: "text/plain",
    });
    expect(txt.statusCode).toBe(200);
    expect(txt.json().data).toMatchObject({ importedCount: 1, skippedCount: 0 });
    expect(await nameOf("tab2@example.com")).toBe("Grace; Hopper");
  });
});
