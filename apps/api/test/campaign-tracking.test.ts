import type { CampaignDto, FunnelDto } from "@shop/shared/schemas/campaigns";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { storeCampaignLinks } from "../src/modules/campaigns/tracking.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";
import { decodedBody } from "./smtp-sink.ts";

/**
 * Opens and clicks come from links anyone holding the message can request any number of times: the
 * stats count people, so one person's repeated clicks cannot outrank a link many people clicked,
 * and a burst of tracking requests is stored whole however large the batch written at once.
 */

const rig = await startCampaignRig({});
const { app, admin } = rig;

async function funnelOf(campaignId: string): Promise<FunnelDto> {
  const funnel = await call<FunnelDto>(app, {
    url: `/api/emailhistory/stats/funnel?campaignId=${campaignId}`,
    token: admin,
  });
  return funnel.body.data;
}

async function draft(html: string, audience: unknown): Promise<string> {
  const created = await call<CampaignDto>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: { subject: "Door sensors", preheader: "", html, audience },
  });
  return created.body.data._id;
}

describe("counting opens and clicks", () => {
  it("ranks links by the people who clicked them, not by one person's repeated clicks", async () => {
    const emails = ["repeat@example.com", "once@example.com"];
    for (const email of emails) await rig.signUp(email);
    const ids = await Promise.all(emails.map(async (email) => (await rig.find(email))?._id ?? ""));
    const id = await draft('<p><a href="https://shop.test/a">A</a> and <a href="https://shop.test/b">B</a></p>', {
      type: "subscribers",
      subscriberIds: ids,
    });
    const before = rig.sink.messages.length;
    await call(app, { method: "POST", url: "/api/emailhistory/send-mail", token: admin, body: { mailId: id } });
    const sender = rig.makeSender();
    for (let round = 0; round < 20 && (await sender.runOnce()) > 0; round += 1);
    const messages = rig.sink.messages.slice(before);
    expect(messages).toHaveLength(2);

    const links = await queryRows<{ id: string; url: string }>(
      app.db,
      sql`select id, url from campaign_links where campaign_id = ${id}`,
    );
    const urlOf = new Map(links.map((link) => [link.id, link.url]));
    /** The recipient's tracked links by where they lead (a click token is recipient.link.signature), and their pixel. */
    const linksOf = (email: string) => {
      const body = decodedBody(messages.find((m) => m.to[0] === email)?.raw ?? "");
      const paths = [...body.matchAll(/http:\/\/shop\.test(\/t\/c\/[\w.-]+)/g)].map((match) => match[1] ?? "");
      const byUrl = new Map(paths.map((path) => [urlOf.get(path.split("/").at(-1)?.split(".")[1] ?? ""), path]));
      return { byUrl, pixel: /http:\/\/shop\.test(\/t\/o\/[\w.-]+\.gif)/.exec(body)?.[1] ?? "" };
    };
    const repeat = linksOf("repeat@example.com");
    const once = linksOf("once@example.com");

    const linkA = repeat.byUrl.get("https://shop.test/a") ?? "";
    for (let click = 0; click < 20; click += 1) expect((await app.inject({ url: linkA })).statusCode).toBe(302);
    expect((await app.inject({ url: repeat.byUrl.get("https://shop.test/b") ?? "" })).statusCode).toBe(302);
    expect((await app.inject({ url: once.byUrl.get("https://shop.test/b") ?? "" })).statusCode).toBe(302);
    // A mail privacy proxy fetches one person's pixel again and again.
    for (let fetch = 0; fetch < 5; fetch += 1) await app.inject({ url: repeat.pixel, remoteAddress: "17.58.0.1" });
    await app.events.flush();

    const funnel = await funnelOf(id);
    expect(funnel.topLinks).toEqual([
      { url: "https://shop.test/b", clicks: 2 },
      { url: "https://shop.test/a", clicks: 1 },
    ]);
    expect(funnel.prefetchOpens).toBe(1);
    const [stored] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from campaign_events e join campaign_links l on l.id = e.link_id
        where e.campaign_id = ${id} and l.url = 'https://shop.test/a'`,
    );
    expect(stored?.n).toBe(1);
  });

  it("stores every event of a flush larger than one statement's parameters allow", async () => {
    const people = 4_000;
    const id = await draft("<p>Hi</p>", { type: "all" });
    await app.db.execute(sql`insert into subscribers (id, email, status, source, unsubscribed_at)
      select uuid_v7(), 'flush' || n || '@example.com', 'unsubscribed', 'admin', now() from generate_series(1, ${people}) n`);
    const recipients = await queryRows<{ id: string }>(
      app.db,
      sql`insert into campaign_recipients (id, campaign_id, subscriber_id, email, status, sent_at)
        select uuid_v7(), ${id}, s.id, s.email, 'sent', now() from subscribers s where s.email like 'flush%'
        returning id`,
    );
    expect(recipients).toHaveLength(people);
    const [linkId = ""] = await storeCampaignLinks(app.db, id, ["https://shop.test/flush"]);

    // 12,000 events: 6 parameters each in one insert would be 72,000, over PostgreSQL's 65,535.
    for (const { id: recipientId } of recipients) {
      app.events.record({ recipientId, type: "open", linkId: null, prefetch: false });
      app.events.record({ recipientId, type: "open", linkId: null, prefetch: true });
      app.events.record({ recipientId, type: "click", linkId, prefetch: false });
    }
    await app.events.flush();

    const [stored] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from campaign_events where campaign_id = ${id}`,
    );
    expect(stored?.n).toBe(3 * people);
    const funnel = await funnelOf(id);
    expect(funnel).toMatchObject({ opened: people, clicked: people, prefetchOpens: people });
    expect(funnel.topLinks).toEqual([{ url: "https://shop.test/flush", clicks: people }]);
  }, 60_000);
});
