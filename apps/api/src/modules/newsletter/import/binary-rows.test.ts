import { afterAll, describe, expect, it } from "vitest";
import { createPglite } from "../../../db/client.ts";
import { BinaryRows, uuidField } from "./binary-rows.ts";

const db = await createPglite();
afterAll(() => db.close());

const tagId = "01890a5d-ac96-774b-bcce-b302099a81ff";

function write(rows: BinaryRows, people: { id: string; email: string; name: string | null }[]) {
  const tag = uuidField(tagId);
  for (const person of people) {
    rows.row(4);
    rows.uuid((target, offset) => uuidField(person.id).copy(target, offset, 4));
    rows.text(person.email);
    rows.text(person.name);
    rows.fields(tag);
  }
}

describe("BinaryRows", () => {
  it("writes rows PostgreSQL reads back as written: uuids, text with NULLs and non-ASCII, fixed fields", async () => {
    await db.exec("create table people (id uuid, email text, name text, tag uuid)");
    const rows = new BinaryRows();
    const first = [
      { id: "01890a5d-ac96-774b-bcce-b302099a8100", email: "jörg@exämple.com", name: "Jörg Tab\there" },
      { id: "01890a5d-ac96-774b-bcce-b302099a8101", email: "nameless@example.com", name: null },
    ];
    const second = [{ id: "01890a5d-ac96-774b-bcce-b302099a8102", email: "later@example.com", name: "Later" }];
    write(rows, first);
    expect(rows.count).toBe(2);
    const taken = rows.take();
    expect(rows.count).toBe(0);
    // The taken bytes are handed over: rows written afterwards must not touch them.
    write(rows, second);
    await db.query("copy people from '/dev/blob' with (format binary)", [], { blob: new Blob([taken]) });
    await db.query("copy people from '/dev/blob' with (format binary)", [], { blob: new Blob([rows.take()]) });

    const read = await db.query<{ id: string; email: string; name: string | null; tag: string }>(
      "select id, email, name, tag from people order by id",
    );
    expect(read.rows).toEqual([...first, ...second].map((person) => ({ ...person, tag: tagId })));
  });
});
