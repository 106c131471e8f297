import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signLink } from "../src/lib/signed-links.ts";
import { queryRows } from "../src/lib/sql.ts";
import { recordDeliveryEvents } from "../src/modules/newsletter/delivery-events.ts";
import { isSuppressed } from "../src/modules/newsletter/suppressions.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

const { app, admin, linkSecret, signUp, find, sendCampaign } = await startCampaignRig({
  reject: (to) => (to.startsWith("refused") ? { code: 550, message: "5.1.1 No such user" } : undefined),
});

/** Sends a campaign to everyone subscribed and answers who received it. */
async function campaignTo(): Promise<{
  id: string;
  to: string[];
  sent: Awaited<ReturnType<typeof sendCampaign>>["messages"];
}> {
  const { id, messages } = await sendCampaign();
  return { id, to: messages.flatMap((m) => m.to), sent: messages };
}

for (const email of ["ann@example.com", "bob@example.com", "cy@example.com", "dee@example.com"]) await signUp(email);

/** The path of the last confirmation link the address was sent, if any. */
async function confirmationLink(email: string): Promise<string | undefined> {
  const rows = await queryRows<{ text: string }>(
    app.db,
    sql`select message->>'text' as text from mail_outbox
      where recipient = ${email} and kind = 'subscribe-confirmation' order by created_at desc limit 1`,
  );
  return /http:\/\/shop\.test(\/confirm\/\S+)/.exec(rows[0]?.text ?? "")?.[1];
}

describe("the envelope sender", () => {
  it("is each recipient's own signed bounce address on the sender's domain, and List-Unsubscribe's mailto one the listener takes", async () => {
    const { to, sent } = await campaignTo();
    expect(to.sort()).toEqual(["ann@example.com", "bob@example.com", "cy@example.com", "dee@example.com"]);
    const senders = sent.map((m) => m.from);
    for (const from of senders) {
      expect(from).toMatch(/^bounces\+[a-z2-7]{42}@smarthomeshop\.example$/);
      expect(from.split("@")[0]?.length).toBeLessThanOrEqual(64);
    }
    expect(new Set(senders).size).toBe(4);
    for (const message of sent) {
      expect(message.headers.get("list-unsubscribe")).toMatch(
        /<mailto:unsubscribe\+[a-z2-7]{42}@smarthomeshop\.example\?subject=unsubscribe>/,
      );
    }
  });
});

describe("the suppression list", () => {
  it("a campaign never mails a suppressed address, even when it is added again", async () => {
    await recordDeliveryEvents(app.db, [
      { email: "ann@example.com", kind: "hard", reason: "5.1.1", source: "dsn" },
      { email: "bob@example.com", kind: "complaint", reason: "abuse", source: "arf" },
    ]);
    // Ann is deleted and someone signs her up again; Bob is signed up again after complaining: neither
    // is subscribed by it (anyone can type an address), nor asked to confirm…
    const ann = await find("ann@example.com");
    await call(app, { method: "DELETE", url: `/api/newsletter/delete-subscriber/${ann?._id}`, token: admin });
    await signUp("ann@example.com");
    await signUp("bob@example.com");
    expect((await find("ann@example.com"))?.status).toBe("pending");
    expect((await find("bob@example.com"))?.status).toBe("unsubscribed");
    expect(await confirmationLink("ann@example.com")).toBeUndefined();
    expect(await confirmationLink("bob@example.com")).toBeUndefined();
    // …and never mailed.
    const { to } = await campaignTo();
    expect(to.sort()).toEqual(["cy@example.com", "dee@example.com"]);
  });

  it("unsubscribing and erasing add to the list; an erased address is kept only as a hash", async () => {
    const cy = await find("cy@example.com");
    const left = await app.inject({
      method: "POST",
      url: `/unsubscribe/${signLink(linkSecret, "unsubscribe", { subscriberId: cy?._id ?? "", campaignId: null })}`,
    });
    expect(left.statusCode).toBe(200);
    expect(await isSuppressed(app.db, "cy@example.com")).toBe(true);

    const dee = await find("dee@example.com");
    const erased = await call(app, {
      method: "DELETE",
      url: `/api/newsletter/subscribers/${dee?._id}/erase`,
      token: admin,
    });
    expect(erased.status).toBe(200);
    expect(await isSuppressed(app.db, "Dee@example.com")).toBe(true);
    const clear = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from suppressions where email like '%dee%'`,
    );
    expect(clear[0]?.n).toBe(0);
  });

  it("a person's own confirmed sign-up lifts their unsubscribe, not an erasure", async () => {
    await signUp("cy@example.com");
    expect(await isSuppressed(app.db, "cy@example.com")).toBe(true);
    const link = await confirmationLink("cy@example.com");
    expect((await app.inject({ method: "POST", url: link ?? "" })).statusCode).toBe(200);
    expect(await isSuppressed(app.db, "cy@example.com")).toBe(false);
    await signUp("dee@example.com");
    expect(await isSuppressed(app.db, "dee@example.com")).toBe(true);
    expect(await confirmationLink("dee@example.com")).toBeUndefined();
    const { to } = await campaignTo();
    expect(to).toEqual(["cy@example.com"]);
  });

  it("a complaint or hard bounce after an unsubscribe: a sign-up asks nobody to confirm, and a link sent before lifts nothing", async () => {
    for (const email of ["fay@example.com", "gus@example.com"]) {
      await signUp(email);
      const person = await find(email);
      const link = signLink(linkSecret, "unsubscribe", { subscriberId: person?._id ?? "", campaignId: null });
      expect((await app.inject({ method: "POST", url: `/unsubscribe/${link}` })).statusCode).toBe(200);
    }
    // Fay signs up again (or someone does for her) before her complaint about an earlier campaign comes in.
    await signUp("fay@example.com");
    const sentBefore = await confirmationLink("fay@example.com");
    expect(sentBefore).toBeDefined();
    await recordDeliveryEvents(app.db, [
      { email: "fay@example.com", kind: "complaint", reason: "abuse", source: "arf" },
      { email: "gus@example.com", kind: "hard", reason: "5.1.1", source: "dsn" },
    ]);
    await signUp("fay@example.com");
    await signUp("gus@example.com");
    expect(await confirmationLink("fay@example.com")).toBe(sentBefore);
    expect(await confirmationLink("gus@example.com")).toBeUndefined();
    await app.inject({ method: "POST", url: sentBefore ?? "" });
    expect(await isSuppressed(app.db, "fay@example.com")).toBe(true);
  });
});

describe("a refusal during the SMTP conversation", () => {
  it("is a hard bounce like any other: bounced at once, suppressed and recorded", async () => {
    await signUp("refused@example.com");
    const { id, to } = await campaignTo();
    expect(to).toEqual(["cy@example.com"]);
    expect((await find("refused@example.com"))?.status).toBe("bounced");
    expect(await isSuppressed(app.db, "refused@example.com")).toBe(true);
    const events = await queryRows<{ kind: string; source: string; campaign_id: string }>(
      app.db,
      sql`select kind, source, campaign_id from delivery_events where email = 'refused@example.com'`,
    );
    expect(events).toEqual([{ kind: "hard", source: "smtp", campaign_id: id }]);
  });
});
