import { afterAll, describe, expect, it } from "vitest";
import { createPglite } from "../../../db/client.ts";
import { BinaryRows, textField, timestampField, uuidField } from "./binary-rows.ts";

const db = await createPglite();
afterAll(() => db.close());

describe("BinaryRows", () => {
  it("writes rows PostgreSQL reads back as written: uuids, text with NULLs and non-ASCII, timestamps", async () => {
    await db.exec("create table people (id uuid, email text, name text, source text, at timestamptz)");
    const at = new Date("2026-11-22T16:17:54.123Z");
    const fixed = Buffer.concat([textField("import"), timestampField(at)]);
    const rows = new BinaryRows();
    const people = [
      { id: "01890a5d-ac96-774b-bcce-b302099a8100", email: "jörg@exämple.com", name: "Jörg Tab\there" },
      { id: "01890a5d-ac96-774b-bcce-b302099a8101", email: "nameless@example.com", name: null },
    ];
    for (const person of people) {
      rows.row(5);
      rows.uuid((target, offset) => uuidField(person.id).copy(target, offset, 4));
      rows.text(person.email);
      rows.text(person.name);
      rows.fields(fixed);
    }
    expect(rows.count).toBe(2);
    await db.query("copy people from '/dev/blob' with (format binary)", [], { blob: new Blob([rows.take()]) });
    expect(rows.count).toBe(0);

    const read = await db.query<{ id: string; email: string; name: string | null; source: string; at: Date }>(
      "select id, email, name, source, at from people order by id",
    );
    expect(read.rows).toEqual(people.map((person) => ({ ...person, source: "import", at })));
  });
});
