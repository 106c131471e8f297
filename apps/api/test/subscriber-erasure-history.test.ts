import type { SubscriberExport } from "@shop/shared/schemas/newsletter";
import { describe, expect, it } from "vitest";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";
import { decodedBody } from "./smtp-sink.ts";
import { tablesNaming } from "./tables-naming.ts";

/**
 * What a person's history left beyond their row: a campaign's log quoting the relay's refusal of their
 * address, and an address staff corrected away from. Erasure reaches both; the data export shows the
 * campaigns they were sent.
 */

const refused = "rita.refused@example.com";
const { app, admin, signUp, find, sendCampaign } = await startCampaignRig({
  // A relay's policy refusal quotes the recipient: the campaign pauses and its log keeps the words.
  reject: (to) => (to === refused ? { code: 554, message: `5.7.1 <${to}>: Relay access denied` } : undefined),
});

async function erase(email: string): Promise<void> {
  const person = await find(email);
  expect(person).toBeDefined();
  const erased = await call(app, {
    method: "DELETE",
    url: `/api/newsletter/subscribers/${person?._id}/erase`,
    token: admin,
  });
  expect(erased.status, erased.text).toBe(200);
}

describe("erasing a subscriber's history", () => {
  it("rubs their address out of a campaign's log that quoted the relay refusing it", async () => {
    await signUp(refused);
    await sendCampaign();
    expect(await tablesNaming(app, refused)).toHaveProperty("campaign_logs");

    await erase(refused);
    expect(await tablesNaming(app, refused)).toEqual({});
  });

  it("reaches an address staff corrected away from, and leaves another person's", async () => {
    const typo = "olga.old@gmial.example";
    const fixed = "olga.old@gmail.example";
    await signUp(typo);
    const person = await find(typo);
    const edited = await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${person?._id}`,
      token: admin,
      body: { email: fixed },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(Object.keys(await tablesNaming(app, typo)).length).toBeGreaterThan(0);

    await erase(fixed);
    expect(await tablesNaming(app, typo)).toEqual({});
    expect(await tablesNaming(app, fixed)).toEqual({});
  });

  it("does not erase a former address that someone else has since signed up with", async () => {
    const shared = "sam.shared@example.com";
    await signUp(shared);
    const first = await find(shared);
    const moved = await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${first?._id}`,
      token: admin,
      body: { email: "sam.moved@example.com" },
    });
    expect(moved.status, moved.text).toBe(200);
    await signUp(shared);
    const second = await find(shared);
    expect(second?._id).not.toBe(first?._id);

    await erase("sam.moved@example.com");
    expect((await find(shared))?._id).toBe(second?._id);
    expect(await tablesNaming(app, shared)).toHaveProperty("subscribers", 1);
  });

  it("reaches the addresses kept from campaigns whose history was deleted, under their id and under the id they had before staff deleted them", async () => {
    const returning = "hana.history@example.com";
    await signUp(returning);
    const before = (await find(returning))?._id ?? "";
    const first = await sendCampaign();
    const deleted = await call(app, {
      method: "DELETE",
      url: `/api/newsletter/delete-subscriber/${before}`,
      token: admin,
    });
    expect(deleted.status, deleted.text).toBe(200);
    await signUp(returning);
    const now = (await find(returning))?._id ?? "";
    const second = await sendCampaign();
    for (const { id } of [first, second]) {
      const removed = await call(app, { method: "DELETE", url: `/api/emailhistory/${id}`, token: admin });
      expect(removed.status, removed.text).toBe(200);
    }
    expect(await tablesNaming(app, returning)).toHaveProperty("former_recipients", 2);

    await erase(returning);
    expect(await tablesNaming(app, returning)).toEqual({});
    expect(await tablesNaming(app, before)).not.toHaveProperty("former_recipients");
    expect(await tablesNaming(app, now)).not.toHaveProperty("former_recipients");
  });

  it("exports the campaigns a person was sent, with when they opened one", async () => {
    const reader = "rhea.reader@example.com";
    await signUp(reader);
    const { id, messages } = await sendCampaign();
    const hers = messages.find((m) => m.to.includes(reader));
    const pixel = /http:\/\/shop\.test(\/t\/o\/[\w.-]+\.gif)/.exec(decodedBody(hers?.raw ?? ""))?.[1] ?? "";
    expect((await app.inject({ url: pixel, headers: { "user-agent": "Thunderbird" } })).statusCode).toBe(200);
    await app.events.flush();

    const person = await find(reader);
    const exported = await call<SubscriberExport>(app, {
      url: `/api/newsletter/subscribers/${person?._id}/export`,
      token: admin,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.data.campaigns).toEqual([
      expect.objectContaining({
        campaignId: id,
        subject: "Autumn deals",
        status: "sent",
        openedAt: expect.any(String),
      }),
    ]);
  });
});
