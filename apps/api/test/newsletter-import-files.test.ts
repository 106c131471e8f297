import type { TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { postCsvImport } from "./multipart.ts";

// Issue 16 item 14: the files people really export, each through the upload route, and the header
// names exports in English, German, French, Spanish and Dutch write.
const { app } = await createTestApp();
const admin = await signIn(app);
const fans = (
  await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name: "Exports" } })
).body.data;

const importFile = (data: string | Buffer, options: { fileName?: string; type?: string } = {}) =>
  postCsvImport(app, admin, data, [fans._id], options);

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
  it("detects the encoding, says which it used, and reads Excel's Unicode Text (UTF-16LE, tabs)", async () => {
    const latin = await importFile(Buffer.from("email,name\r\njose@example.com,José Muñoz\r\n", "latin1"));
    expect(latin.statusCode).toBe(200);
    expect(latin.json().data).toMatchObject({ importedCount: 1, skippedCount: 0, encoding: "Windows-1252" });
    expect(await nameOf("jose@example.com")).toBe("José Muñoz");

    const unicodeText = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("email\tname\r\nutf16le@example.com\tFrançoise Müller\r\n", "utf16le"),
    ]);
    const excel = await importFile(unicodeText, { fileName: "Unicode Text.txt", type: "text/plain" });
    expect(excel.statusCode).toBe(200);
    expect(excel.json().data).toMatchObject({ importedCount: 1, skippedCount: 0, encoding: "UTF-16LE" });
    expect(await nameOf("utf16le@example.com")).toBe("Françoise Müller");

    const bigEndian = Buffer.from("email,name\nutf16be@example.com,Zoë\n", "utf16le").swap16();
    const be = await importFile(Buffer.concat([Buffer.from([0xfe, 0xff]), bigEndian]));
    expect(be.json().data).toMatchObject({ importedCount: 1, encoding: "UTF-16BE" });
    expect(await nameOf("utf16be@example.com")).toBe("Zoë");

    const bom = await importFile(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Email,Name\nbom@example.com,Łukasz\n")]),
    );
    expect(bom.json().data).toMatchObject({ importedCount: 1, encoding: "UTF-8 with BOM" });
    expect(await nameOf("bom@example.com")).toBe("Łukasz");

    const plain = await importFile("email,name\nutf8@example.com,José Muñoz\n");
    expect(plain.json().data).toMatchObject({ importedCount: 1, encoding: "UTF-8" });
    expect(await nameOf("utf8@example.com")).toBe("José Muñoz");
  });

  it("decides the encoding from the whole file: Windows-1252 whose first 64 KB (the first piece read) are ASCII", async () => {
    const ascii = Array.from({ length: 3000 }, (_, n) => `ascii${n}@example.com,Filler ${n}\r\n`).join("");
    expect(ascii.length).toBeGreaterThan(64 * 1024);
    const file = Buffer.concat([
      Buffer.from(`email,name\r\n${ascii}`),
      Buffer.from("rene@x.com,Ren\xE9\r\njose@x.com,Jos\xE9\r\n", "latin1"),
    ]);
    const response = await importFile(file);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 3002, skippedCount: 0, encoding: "Windows-1252" });
    expect(await nameOf("rene@x.com")).toBe("René");
    expect(await nameOf("jose@x.com")).toBe("José");
  });
});

describe("recognised header names", () => {
  it.each([
    ["German", "E-Mail;Vorname;Nachname\nde@example.com;José;Muñoz\n", "de@example.com", "José Muñoz"],
    [
      "German address",
      "E-Mail-Adresse;Vorname;Nachname\nde2@example.com;Jürgen;Groß\n",
      "de2@example.com",
      "Jürgen Groß",
    ],
    ["French", "Adresse e-mail;Prénom;Nom\nfr@example.com;Françoise;Dupont\n", "fr@example.com", "Françoise Dupont"],
    ["French courriel", "Courriel,Nom complet\nfr2@example.com,Hélène Roux\n", "fr2@example.com", "Hélène Roux"],
    [
      "Spanish",
      "Correo electrónico;Nombre;Apellidos\nes@example.com;María;García López\n",
      "es@example.com",
      "María García López",
    ],
    ["Dutch", "E-mailadres;Voornaam;Achternaam\nnl@example.com;Sanne;de Vries\n", "nl@example.com", "Sanne de Vries"],
    ["English", "Email Address,First Name,Last Name\nen@example.com,Ada,Lovelace\n", "en@example.com", "Ada Lovelace"],
  ])("%s", async (_language, file, email, name) => {
    const response = await importFile(file);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ importedCount: 1, skippedCount: 0 });
    expect(await nameOf(email)).toBe(name);
  });
});
