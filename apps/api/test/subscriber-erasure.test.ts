import type { CampaignDto, FunnelDto, RecipientList } from "@shop/shared/schemas/campaigns";
import type { ImportResult } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { recordDeliveryEvents } from "../src/modules/newsletter/delivery-events.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";
import { postCsvImport } from "./multipart.ts";
import { decodedBody } from "./smtp-sink.ts";
import { tablesNaming as namedIn } from "./tables-naming.ts";

/**
 * GDPR erasure leaves nothing that names the person, wherever the shop wrote their address: the
 * check searches the text of every row of every table, so it does not depend on knowing where the
 * address went. Only the suppression list keeps the address, as its hash. The campaigns they were
 * sent keep their counts.
 */

const { app, admin, sink, signUp, find, sendCampaign } = await startCampaignRig({});

const erin = "erin.erased@example.com";
const others = ["kept.one@example.com", "kept.two@example.com"];

const tablesNaming = (text: string) => namedIn(app, text);

async function report(id: string) {
  const detail = await call<CampaignDto & { counts: Record<string, number> }>(app, {
    url: `/api/emailhistory/${id}`,
    token: admin,
  });
  const funnel = await call<FunnelDto>(app, { url: `/api/emailhistory/stats/funnel?campaignId=${id}`, token: admin });
  const recipients = await call<RecipientList>(app, {
    url: `/api/emailhistory/${id}/recipients?limit=100`,
    token: admin,
  });
  return {
    counts: detail.body.data.counts,
    funnel: funnel.body.data,
    statuses: recipients.body.data.recipients.map((r) => r.status).sort(),
    emails: recipients.body.data.recipients.map((r) => r.email),
  };
}

async function importAddresses(emails: string[], tagId: string): Promise<ImportResult> {
  const response = await postCsvImport(app, admin, `email\n${emails.join("\n")}\n`, [tagId], {
    fileName: "audience.csv",
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: ImportResult }).data;
}

describe("erasing a subscriber", () => {
  it("leaves their address in no table but as a hash on the suppression list, sends them nothing more, and keeps every campaign's counts", async () => {
    for (const email of others) await signUp(email);

    // Erin signs up under double opt-in, confirms from the first email and asks again: a second
    // confirmation is still waiting in the outbox when she is erased.
    const optIn = await call(app, { method: "PUT", url: "/api/settings", token: admin, body: { doubleOptIn: true } });
    expect(optIn.status).toBe(200);
    await signUp(erin);
    await app.outbox.drain();
    const confirmation = sink.messages.find((m) => m.to.includes(erin));
    const confirm = /http:\/\/shop\.test(\/confirm\/[^\s"<]+)/.exec(decodedBody(confirmation?.raw ?? ""))?.[1];
    await signUp(erin);
    expect((await app.inject({ method: "POST", url: confirm ?? "" })).statusCode).toBe(200);
    const person = await find(erin);
    expect(person?.status).toBe("subscribed");
    const id = person?._id ?? "";

    // Staff work on her: a tag, an edit, an export of her data, an import naming her twice.
    const tag = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "Early adopters" },
    });
    const tagged = await call(app, {
      method: "POST",
      url: "/api/newsletter/assign-bulk-tags",
      token: admin,
      body: { tagIds: [tag.body.data._id], subscriberIds: [id] },
    });
    expect(tagged.status).toBe(200);
    const edited = await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${id}`,
      token: admin,
      body: { email: erin, tags: [tag.body.data._id] },
    });
    expect(edited.status).toBe(200);
    expect((await call(app, { url: `/api/newsletter/subscribers/${id}/export`, token: admin })).status).toBe(200);
    expect((await importAddresses([erin, erin.toUpperCase()], tag.body.data._id)).skippedCount).toBe(1);

    // A campaign she received, opened and reported as spam…
    const first = await sendCampaign();
    const hers = first.messages.find((m) => m.to.includes(erin));
    const pixel = /http:\/\/shop\.test(\/t\/o\/[\w.-]+\.gif)/.exec(decodedBody(hers?.raw ?? ""))?.[1] ?? "";
    expect((await app.inject({ url: pixel, headers: { "user-agent": "Thunderbird" } })).statusCode).toBe(200);
    await app.events.flush();
    // …and one started, with her still waiting in its queue.
    const second = await call<CampaignDto>(app, {
      method: "POST",
      url: "/api/compose-mail",
      token: admin,
      body: { subject: "Winter deals", preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
    });
    const started = await call(app, {
      method: "POST",
      url: "/api/emailhistory/send-mail",
      token: admin,
      body: { mailId: second.body.data._id },
    });
    expect(started.status).toBe(202);
    await recordDeliveryEvents(app.db, [
      {
        email: erin,
        kind: "complaint",
        reason: `Feedback-Type: abuse; Original-Rcpt-To: ${erin}`,
        source: "arf",
        campaignId: first.id,
      },
    ]);
    // A sign-up of hers that came while an import held the audience, not yet applied (pending-changes.ts).
    await app.db.execute(sql`insert into pending_subscriber_changes (id, kind, email, subscriber_id, ip_address)
      values (gen_random_uuid(), 'subscribe', ${erin}, ${id}, '10.9.0.99')`);

    const before = await report(first.id);
    expect(before.counts).toMatchObject({ sent: 3, complained: 1 });
    expect(before.funnel).toMatchObject({ recipients: 3, opened: 1, complained: 1 });
    expect((await report(second.body.data._id)).counts).toMatchObject({ queued: 3 });
    // The search finds her where the shop wrote her down, so finding nothing afterwards means something.
    expect(Object.keys(await tablesNaming(erin))).toEqual(
      expect.arrayContaining([
        "activity_logs",
        "campaign_recipients",
        "delivery_events",
        "import_jobs",
        "mail_outbox",
        "pending_subscriber_changes",
        "subscribers",
      ]),
    );
    const mailedBefore = sink.messages.length;

    const erased = await call(app, { method: "DELETE", url: `/api/newsletter/subscribers/${id}/erase`, token: admin });
    expect(erased.status).toBe(200);

    expect(await tablesNaming(erin)).toEqual({});
    // Her id named her rows; now it names nothing. A campaign's queueing cursor may still hold it as
    // the last id queued (campaigns.queued_through): a position in the id order, not a link to her.
    const withId = await tablesNaming(id);
    delete withId.campaigns;
    expect(withId).toEqual({});
    const [hashed] = await queryRows<{ email: string; reason: string }>(
      app.db,
      sql`select email, reason from suppressions where email like 'sha256:%'`,
    );
    expect(hashed).toMatchObject({ email: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), reason: "erased" });

    // Nothing more reaches her: not the waiting confirmation, not the campaign she was queued for.
    await app.outbox.drain();
    await sendCampaign();
    expect(sink.messages.slice(mailedBefore).filter((m) => m.to.includes(erin))).toEqual([]);
    const after = await report(first.id);
    expect(after.counts).toEqual(before.counts);
    expect(after.funnel).toEqual(before.funnel);
    expect(after.statuses).toEqual(before.statuses);
    expect(after.emails).not.toContain(erin);
    expect((await report(second.body.data._id)).counts).toMatchObject({ sent: 2, skipped: 1, queued: 0 });
    expect(await tablesNaming(erin)).toEqual({});
  });
});
