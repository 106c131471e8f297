import type { TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";

// Issue 16 item 14: header names as exports in English, German, French, Spanish and Dutch write them.
const { app } = await createTestApp();
const admin = await signIn(app);
const fans = (
  await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name: "Headers" } })
).body.data;

function importFile(data: string | Buffer) {
  const body = multipart([
    { name: "file", filename: "export.csv", type: "text/csv", data },
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
