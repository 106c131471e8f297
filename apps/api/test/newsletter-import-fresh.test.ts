import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { openImportStage } from "../src/modules/newsletter/import/stage.ts";
import { createTestApp } from "./harness.ts";

// A batch written as fresh (none of its addresses in the audience when the import began) is inserted
// without the merge's look-up of each address. These check what it must still do like the merge:
// leave out suppressed addresses, and not fail or duplicate anyone when an address joined meanwhile.
const { app } = await createTestApp();

let jobs = 0;
async function stageWithTag(tagName: string) {
  const [tag] = await queryRows<{ id: string }>(
    app.db,
    sql`insert into newsletter_tags (id, name, slug) values (gen_random_uuid(), ${tagName}, ${tagName.toLowerCase().replaceAll(" ", "-")}) returning id`,
  );
  jobs += 1;
  const stage = await openImportStage(app.db, `00000000-0000-7000-8000-0000000f${String(jobs).padStart(4, "0")}`, {
    consentId: "00000000-0000-7000-8000-00000000c0de",
    consentAt: new Date(),
    tagIds: [tag?.id ?? ""],
  });
  return { stage, tagId: tag?.id ?? "" };
}

const rowsOf = (emails: string[]) =>
  Buffer.from(emails.map((email, i) => `${i + 2}\t${crypto.randomUUID()}\t${email}\t\\N\n`).join(""));

async function person(email: string) {
  const [row] = await queryRows<{ id: string; status: string; tags: number }>(
    app.db,
    sql`select s.id, s.status, (select count(*) from subscriber_tags t where t.subscriber_id = s.id)::int as tags
      from subscribers s where lower(s.email) = ${email}`,
  );
  return row;
}

describe("a fresh batch of an import", () => {
  it("inserts everyone, tagged, when nobody is suppressed", async () => {
    const { stage } = await stageWithTag("Fresh One");
    const outcome = await stage.write(rowsOf(["fresh1@example.com", "fresh2@example.com"]), true);
    await stage.close(false);
    expect(outcome).toEqual({ inserted: 2, updated: 0, suppressed: 0 });
    expect(await person("fresh1@example.com")).toMatchObject({ status: "subscribed", tags: 1 });
  });

  it("leaves out a suppressed address and counts it", async () => {
    await app.db.execute(
      sql`insert into suppressions (id, email, reason) values (gen_random_uuid(), 'bounced@example.com', 'hard bounce')`,
    );
    const { stage } = await stageWithTag("Fresh Two");
    const outcome = await stage.write(rowsOf(["bounced@example.com", "fresh3@example.com"]), true);
    await stage.close(false);
    expect(outcome).toEqual({ inserted: 1, updated: 0, suppressed: 1 });
    expect(await person("bounced@example.com")).toBeUndefined();
    expect(await person("fresh3@example.com")).toMatchObject({ status: "subscribed", tags: 1 });
  });

  it("merges an address that joined the audience after the import began, keeping its status", async () => {
    await app.db.execute(
      sql`insert into subscribers (id, email, status, source) values (gen_random_uuid(), 'joined@example.com', 'unsubscribed', 'footer')`,
    );
    const { stage } = await stageWithTag("Fresh Three");
    const outcome = await stage.write(rowsOf(["joined@example.com", "fresh4@example.com"]), true);
    await stage.close(false);
    expect(outcome).toEqual({ inserted: 1, updated: 1, suppressed: 0 });
    expect(await person("joined@example.com")).toMatchObject({ status: "unsubscribed", tags: 1 });
    const [copies] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from subscribers where lower(email) = 'joined@example.com'`,
    );
    expect(copies?.n).toBe(1);
  });
});
