import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCampaignRig } from "./campaign-rig.ts";

/**
 * Outcomes are written down every 20 messages while the batch goes on. A write the database refuses
 * (a dropped connection) must neither crash the process (an unhandled rejection) nor lose the
 * outcomes of that chunk or of the chunks after it: each lost outcome leaves a row under a lease that
 * runs out, and the person is mailed again. The database refuses for real here: a trigger raises on
 * the rows being marked sent.
 */

const rig = await startCampaignRig({});
const db = rig.app.db;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on("unhandledRejection", onUnhandled);
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

await db.execute(sql`create table record_outage (reason text)`);
await db.execute(sql`create sequence record_blip`);
await db.execute(sql`create function refuse_sent_rows() returns trigger language plpgsql as $$
  begin
    if nextval('record_blip') = 1 or exists (select 1 from record_outage) then
      raise exception 'terminating connection due to administrator command';
    end if;
    return new;
  end $$`);

describe("a campaign whose outcome writes fail", () => {
  beforeEach(async () => {
    unhandled.length = 0;
    await db.execute(sql`select setval('record_blip', 1, false)`);
    await db.execute(sql`create trigger refuse_sent before update on campaign_recipients
      for each row when (new.status = 'sent') execute function refuse_sent_rows()`);
  });
  afterEach(async () => {
    await db.execute(sql`drop trigger refuse_sent on campaign_recipients`);
    await db.execute(sql`delete from record_outage`);
  });

  it("records every later chunk when one chunk's write fails, crashes nothing, and mails each person once", async () => {
    await db.execute(sql`select setval('record_blip', 1, false)`);
    const id = await rig.startCampaignTo("blip", 60);
    const sender = rig.makeSender({ recordEvery: 20 });
    for (let round = 0; round < 20 && (await sender.runOnce()) > 0; round += 1);
    await new Promise((resolve) => setImmediate(resolve));

    expect(unhandled.length).toBe(0);
    const received = rig.receivedBy("blip");
    expect(received.size).toBe(60);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(await rig.statuses(id)).toEqual({ sent: 60 });
    expect(await rig.campaignStatus(id)).toBe("sent");
  });

  it("surfaces a batch whose outcomes could not be written, and writes them later instead of mailing again", async () => {
    await db.execute(sql`insert into record_outage values ('down')`);
    const id = await rig.startCampaignTo("outage", 60);
    const sender = rig.makeSender({ recordEvery: 20 });
    await expect(sender.runOnce()).rejects.toThrow();
    expect(unhandled.length).toBe(0);
    expect(rig.receivedBy("outage").size).toBe(60);

    await db.execute(sql`delete from record_outage`);
    for (let round = 0; round < 20 && (await sender.runOnce()) > 0; round += 1);
    const received = rig.receivedBy("outage");
    expect(received.size).toBe(60);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(await rig.statuses(id)).toEqual({ sent: 60 });
    expect(await rig.campaignStatus(id)).toBe("sent");
  });
});
