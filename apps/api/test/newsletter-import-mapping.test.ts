import type { ImportPreview, SubscriberDto, TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn, testAdmin } from "./harness.ts";
import { multipart } from "./multipart.ts";

// Issue 16 items 11 and 14: the mapping is shown before importing (from the file's head) and the
// import uses the one staff chose; imported people's consent comes from the import, not an address.
const { app } = await createTestApp();
const admin = await signIn(app);
const fans = (
  await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name: "Mapped" } })
).body.data;
const german = "E-Mail;Vorname;Nachname\nde@example.com;José;Muñoz\n";

function upload(url: string, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

const preview = (data: string | Buffer, fileName = "people.csv") =>
  upload("/api/csv/import-preview", [{ name: "file", filename: fileName, type: "text/csv", data }]);

function importFile(data: string, mapping?: unknown, fileName = "people.csv") {
  return upload("/api/csv/import-csv", [
    { name: "file", filename: fileName, type: "text/csv", data },
    { name: "tagIds", data: fans._id },
    ...(mapping === undefined
      ? []
      : [{ name: "mapping", data: typeof mapping === "string" ? mapping : JSON.stringify(mapping) }]),
  ]);
}

async function nameOf(email: string): Promise<string | null | undefined> {
  const [row] = await queryRows<{ name: string | null }>(
    app.db,
    sql`select name from subscribers where email = ${email}`,
  );
  return row?.name;
}

describe("the column mapping before importing", () => {
  it("shows the header, the first rows and the mapping detected in a German export", async () => {
    const response = await preview(`${german}de2@example.com;Jürgen;Groß\n`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      encoding: "UTF-8",
      delimiter: ";",
      headers: ["E-Mail", "Vorname", "Nachname"],
      rows: [
        ["de@example.com", "José", "Muñoz"],
        ["de2@example.com", "Jürgen", "Groß"],
      ],
      mapping: { email: 0, firstName: 1, lastName: 2, name: null },
      partial: false,
    } satisfies ImportPreview);
    // A preview imports nobody.
    expect(await nameOf("de@example.com")).toBeUndefined();
  });

  it("answers for headers it does not know, with no email column chosen, so staff can choose one", async () => {
    const response = await preview("Kolom A,Kolom B\r\nAda,ada@example.com\r\n");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      headers: ["Kolom A", "Kolom B"],
      rows: [["Ada", "ada@example.com"]],
      mapping: { email: null, firstName: null, lastName: null, name: null },
    });
  });

  it("reads only the head of a big file: five rows, and says the file goes on", async () => {
    const lines = ["email,name"];
    for (let i = 0; i < 60_000; i += 1) lines.push(`head${i}@example.com,Person ${i}`);
    const response = await preview(`${lines.join("\n")}\n`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as ImportPreview;
    expect(data.partial).toBe(true);
    expect(data.rows).toHaveLength(5);
    expect(data.rows[4]).toEqual(["head4@example.com", "Person 4"]);
  });

  it("says a file whose first line is no header row it can read is not empty, in the preview and the import", async () => {
    const oneLongLine = `email${",x".repeat(500_000)}`;
    for (const response of [await preview(oneLongLine), await importFile(oneLongLine)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "The first line must name the columns (email, name), and it could not be read as one",
      );
    }
  });

  it("refuses what it cannot preview as it refuses the import", async () => {
    expect((await preview("")).json()).toMatchObject({ success: false, message: "The file is empty" });
    const binary = await preview(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toBe("Please select a valid CSV file");
  });
});

describe("importing with the mapping staff chose", () => {
  it("reads the columns it names, where no header name is known", async () => {
    const response = await importFile("Spalte 1;Spalte 2;Spalte 3\nAda;Lovelace;map1@example.com\n", {
      email: 2,
      firstName: 0,
      lastName: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 1, skippedCount: 0 });
    expect(await nameOf("map1@example.com")).toBe("Ada Lovelace");
  });

  it("overrides what was detected: first and last name swapped, or no name at all", async () => {
    const swapped = await importFile("E-Mail;Vorname;Nachname\nmap2@example.com;José;Muñoz\n", {
      email: 0,
      firstName: 2,
      lastName: 1,
      name: null,
    });
    expect(swapped.statusCode).toBe(200);
    expect(await nameOf("map2@example.com")).toBe("Muñoz José");
    const nameless = await importFile("E-Mail;Vorname;Nachname\nmap3@example.com;José;Muñoz\n", { email: 0 });
    expect(nameless.statusCode).toBe(200);
    expect(await nameOf("map3@example.com")).toBeNull();
  });

  it("refuses a mapping naming a column the file does not have, importing nobody", async () => {
    const response = await importFile("E-Mail;Vorname;Nachname\nmap4@example.com;José;Muñoz\n", {
      email: 0,
      lastName: 5,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The last name column (column 6) is not in this file: it has 3 columns");
    expect(await nameOf("map4@example.com")).toBeUndefined();
  });

  it("refuses a mapping it cannot read, or one using a column twice, with a clear message", async () => {
    const cases: [unknown, string][] = [
      ["{not json", "The column mapping could not be read"],
      [{ email: "E-Mail" }, "The column mapping could not be read"],
      [{ email: -1 }, "The column mapping could not be read"],
      [{ firstName: 1 }, "The column mapping could not be read"],
      [{ email: 0, firstName: 0 }, "Each column can be chosen once"],
      [{ email: 0, phone: 3 }, "The column mapping could not be read"],
    ];
    for (const [mapping, message] of cases) {
      const response = await importFile("email\nmap5@example.com\n", mapping);
      expect(response.statusCode, JSON.stringify(mapping)).toBe(400);
      expect(response.json().message, JSON.stringify(mapping)).toBe(message);
    }
    expect(await nameOf("map5@example.com")).toBeUndefined();
  });
});

describe("the consent of imported people", () => {
  it("is the import (file, who, when), never the importing staff member's address", async () => {
    const before = Date.now();
    const response = await importFile("email,name\nconsent@example.com,Con Sent\n", undefined, "fair-2026.csv");
    expect(response.statusCode).toBe(200);
    const jobId = response.json().data.jobId as string;
    const [row] = await queryRows<{ id: string }>(
      app.db,
      sql`select id from subscribers where email = 'consent@example.com'`,
    );
    const [staff] = await queryRows<{ id: string; name: string }>(
      app.db,
      sql`select id, name from users where email = ${testAdmin.email}`,
    );
    const found = await call<SubscriberDto>(app, { url: `/api/newsletter/subscribers/${row?.id}`, token: admin });
    expect(found.body.data).toMatchObject({
      source: "import",
      consentIp: null,
      consentSource: {
        type: "import",
        fileName: "fair-2026.csv",
        importedBy: { id: staff?.id, name: staff?.name, email: testAdmin.email },
        importJobId: jobId,
      },
    });
    const at = Date.parse(found.body.data.consentSource?.importedAt ?? "");
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(found.body.data.consentAt).toBe(found.body.data.consentSource?.importedAt);
  });

  it("is recorded once for the import: no imported row holds a copy of who imported it", async () => {
    const response = await importFile("email\nonce1@example.com\nonce2@example.com\nonce3@example.com\n");
    expect(response.statusCode).toBe(200);
    // Every imported row carried the file, the staff member's id, name and address, and the job: about
    // 200 bytes a row written a million times in a big import, and a staff member's address in each.
    const [copies] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from subscribers s where email like 'once_@example.com'
        and s::text ilike ${`%${testAdmin.email}%`}`,
    );
    expect(copies?.n).toBe(0);
    const found = await call<{ subscribers: SubscriberDto[] }>(app, {
      url: "/api/newsletter/get-all-subscriber?search=once",
      token: admin,
    });
    const consents = found.body.data.subscribers.map((person) => person.consentSource);
    expect(consents).toHaveLength(3);
    for (const consent of consents) {
      expect(consent).toEqual(consents[0]);
      expect(consent?.importedBy?.email).toBe(testAdmin.email);
    }
  });

  it("is not recorded for a file the import refuses: a 4xx changes nothing", async () => {
    const consents = async () =>
      (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from import_consents`))[0]?.n;
    const before = await consents();
    const refused = [
      await importFile("name,city\nNo Address,Berlin\n"),
      await importFile(`email${",x".repeat(500_000)}`),
      await importFile("email;Vorname\nrefused@example.com;Ana\n", { email: 0, firstName: 4 }),
      await upload("/api/csv/import-csv", [
        { name: "file", filename: "people.csv", type: "text/csv", data: Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0]) },
        { name: "tagIds", data: fans._id },
      ]),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([400, 400, 400, 415]);
    expect(await consents()).toBe(before);
    expect((await importFile("email\nkept@example.com\n")).statusCode).toBe(200);
    expect(await consents()).toBe((before ?? 0) + 1);
  });

  it("gives way to the person's own consent: back from unsubscribed through the footer and the emailed link, their address is the consent", async () => {
    expect((await importFile("email\ncomeback@example.com\n")).statusCode).toBe(200);
    await app.db.execute(sql`update subscribers set status = 'unsubscribed' where email = 'comeback@example.com'`);
    const signUp = await call(app, {
      method: "POST",
      url: "/api/newsletter/subscriber",
      body: { email: "comeback@example.com" },
      ip: "198.51.100.7",
    });
    expect(signUp.status).toBeLessThan(300);
    // Someone who left comes back only by the link mailed to them (a stranger could have typed the address).
    const [mail] = await queryRows<{ text: string }>(
      app.db,
      sql`select message->>'text' as text from mail_outbox where recipient = 'comeback@example.com'`,
    );
    const link = /\/confirm\/[^\s"<]+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeDefined();
    const confirmed = await app.inject({ method: "POST", url: link ?? "", remoteAddress: "198.51.100.7" });
    expect(confirmed.statusCode).toBe(200);
    const [row] = await queryRows<{ status: string; consent_ip: string | null; import_consent_id: unknown }>(
      app.db,
      sql`select status, consent_ip, import_consent_id from subscribers where email = 'comeback@example.com'`,
    );
    expect(row).toEqual({ status: "subscribed", consent_ip: "198.51.100.7", import_consent_id: null });
  });
});
