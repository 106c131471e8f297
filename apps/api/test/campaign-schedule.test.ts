import { type CampaignDto, campaignCopy } from "@shop/shared/schemas/campaigns";
import { newsletterCopy, type TagDto } from "@shop/shared/schemas/newsletter";
import { describe, expect, it } from "vitest";
import { startDueCampaigns } from "../src/modules/campaigns/lifecycle.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

/**
 * A scheduled campaign's audience is counted when it is scheduled, but it is mailed later: what it
 * goes to may have emptied by then (its tag deleted, an edit). It must never end "sent" to nobody,
 * counted among the campaigns sent, when "Send now" to the same audience is refused.
 */

const rig = await startCampaignRig({});
const { app, admin } = rig;

async function tagWith(name: string, emails: string[]): Promise<string> {
  const tag = await call<TagDto>(app, {
    method: "POST",
    url: "/api/newsletter-tags/tags",
    token: admin,
    body: { name },
  });
  for (const email of emails) {
    await rig.signUp(email);
    const person = await rig.find(email);
    const tagged = await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${person?._id}`,
      token: admin,
      body: { email, tags: [tag.body.data._id] },
    });
    expect(tagged.status).toBe(200);
  }
  return tag.body.data._id;
}

async function scheduledTo(tagId: string): Promise<string> {
  const created = await call<CampaignDto>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: { subject: "Spring locks", preheader: "", html: "<p>Hi</p>", audience: { type: "tags", tagIds: [tagId] } },
  });
  const id = created.body.data._id;
  const scheduled = await call(app, {
    method: "POST",
    url: `/api/compose-mail/${id}/schedule`,
    token: admin,
    body: { scheduledAt: new Date(Date.now() + 60_000).toISOString() },
  });
  expect(scheduled.status).toBe(200);
  return id;
}

describe("a scheduled campaign whose audience empties before it is due", () => {
  it("fails at the due time, not sent to nobody, when everyone left its tag", async () => {
    const people = ["early1@example.com", "early2@example.com"];
    const tagId = await tagWith("Early birds", people);
    const id = await scheduledTo(tagId);
    for (const email of people) {
      const person = await rig.find(email);
      const untagged = await call(app, {
        method: "PUT",
        url: `/api/newsletter/update-subscriber/${person?._id}`,
        token: admin,
        body: { email, tags: [] },
      });
      expect(untagged.status).toBe(200);
    }

    expect(await startDueCampaigns(app.db, new Date(Date.now() + 120_000))).toEqual([]);
    const sender = rig.makeSender();
    await sender.runOnce();

    const campaign = await call<CampaignDto>(app, { url: `/api/compose-mail/${id}`, token: admin });
    expect(campaign.body.data).toMatchObject({ status: "failed", recipientCount: 0, sentAt: null });
    const logs = await call<{ event: string; message: string }[]>(app, {
      url: `/api/emailhistory/${id}/logs`,
      token: admin,
    });
    expect(logs.body.data.at(-1)).toMatchObject({
      event: "failed",
      message: "No subscribed recipients at the scheduled time",
    });
    const dashboard = await call<{ campaigns?: { sent: number } }>(app, { url: "/api/dashboard", token: admin });
    // The dashboard leaves out its campaigns block while none was sent.
    expect(dashboard.body.data.campaigns?.sent ?? 0).toBe(0);
  });

  it("refuses to give a scheduled campaign an audience of nobody, as scheduling does", async () => {
    const tagId = await tagWith("Regulars", ["regular@example.com"]);
    const emptyTagId = await tagWith("Nobody yet", []);
    const id = await scheduledTo(tagId);

    const emptied = await call(app, {
      method: "PUT",
      url: `/api/compose-mail/${id}`,
      token: admin,
      body: { audience: { type: "tags", tagIds: [emptyTagId] } },
    });
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toBe(campaignCopy.noRecipients);
    const unchanged = await call<CampaignDto>(app, { url: `/api/compose-mail/${id}`, token: admin });
    expect(unchanged.body.data.audience).toEqual({ type: "tags", tagIds: [tagId] });

    // A draft may still be saved with any audience: it is counted when it is scheduled or sent.
    const draft = await call<CampaignDto>(app, {
      method: "POST",
      url: "/api/compose-mail",
      token: admin,
      body: { subject: "Later", preheader: "", html: "<p>Hi</p>", audience: { type: "tags", tagIds: [tagId] } },
    });
    const draftEdit = await call(app, {
      method: "PUT",
      url: `/api/compose-mail/${draft.body.data._id}`,
      token: admin,
      body: { audience: { type: "tags", tagIds: [emptyTagId] } },
    });
    expect(draftEdit.status).toBe(200);
  });

  it("keeps a tag a scheduled campaign is addressed to: deleting it is refused until the campaign changes", async () => {
    const tagId = await tagWith("Launch list", ["launch@example.com"]);
    await scheduledTo(tagId);
    const refused = await call(app, {
      method: "DELETE",
      url: `/api/newsletter-tags/delete-tags/${tagId}`,
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(newsletterCopy.tagInCampaign);
    const tags = await call<TagDto[]>(app, { url: "/api/newsletter-tags/get-all-tags", token: admin });
    expect(tags.body.data.map((tag) => tag._id)).toContain(tagId);
  });
});
