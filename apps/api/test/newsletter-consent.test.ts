import { newsletterCopy, type SubscriberDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { signLink } from "../src/lib/signed-links.ts";
import { queryRows } from "../src/lib/sql.ts";
import { applyQueuedChanges } from "../src/modules/newsletter/audience-notices.ts";
import { isSuppressed } from "../src/modules/newsletter/suppressions.ts";
import { testJwtSecret } from "./constants.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { multipart } from "./multipart.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

// Attacks on the public newsletter flows, each by a stranger who knows only someone's address.
const sink = await startSmtpSink();
afterAll(() => sink.close());
const { app } = await createTestApp({ config: { SMTP_URL: sink.url, PUBLIC_URL: "http://shop.test" } });
const admin = await signIn(app);
const linkSecret = `${testJwtSecret}:email-links`;

let visitor = 0;
/** A sign-up from the footer, each from a client address of its own (the per-IP limit is not the point). */
const signUp = (email: string) =>
  call(app, {
    method: "POST",
    url: "/api/newsletter/subscriber",
    body: { email },
    ip: `10.77.${Math.floor(++visitor / 250)}.${visitor % 250}`,
  });

async function subscriber(email: string): Promise<SubscriberDto | undefined> {
  const found = await call<{ subscribers: SubscriberDto[] }>(app, {
    url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token: admin,
  });
  return found.body.data.subscribers.find((person) => person.email === email);
}

const setDoubleOptIn = async (doubleOptIn: boolean) =>
  expect((await call(app, { method: "PUT", url: "/api/settings", token: admin, body: { doubleOptIn } })).status).toBe(
    200,
  );

/** Subscribes the address and has its owner unsubscribe with the link of a campaign. */
async function leaver(email: string): Promise<string> {
  await signUp(email);
  const id = (await subscriber(email))?._id ?? "";
  const token = signLink(linkSecret, "unsubscribe", { subscriberId: id, campaignId: null });
  expect((await app.inject({ method: "POST", url: `/unsubscribe/${token}` })).statusCode).toBe(200);
  expect((await subscriber(email))?.status).toBe("unsubscribed");
  return id;
}

/** The confirmation emails the address has received so far. */
async function confirmationsTo(email: string): Promise<string[]> {
  await app.outbox.drain();
  return sink.messages
    .filter((message) => message.to.includes(email) && /confirm/i.test(message.headers.get("subject") ?? ""))
    .map((message) => decodedBody(message.raw));
}

describe("a stranger signing up someone who unsubscribed", () => {
  it("never brings them back: they stay unsubscribed and suppressed, and get an email to confirm instead", async () => {
    await leaver("gone@example.com");
    const fresh = await signUp("newcomer@example.com");
    const returning = await signUp("gone@example.com");
    expect(returning.status).toBe(200);
    // The same answer as anyone's (the spec's words): it says nothing of whether the address was known.
    expect(returning.body).toEqual(fresh.body);
    expect(returning.body.message).toBe("Subscribed successfully!");
    expect((await subscriber("gone@example.com"))?.status).toBe("unsubscribed");
    expect(await isSuppressed(app.db, "gone@example.com")).toBe(true);
    expect(await confirmationsTo("gone@example.com")).toHaveLength(1);
    expect((await subscriber("newcomer@example.com"))?.status).toBe("subscribed");
  });

  it("keeps them unsubscribed with double opt-in on too", async () => {
    await leaver("gone-too@example.com");
    await setDoubleOptIn(true);
    try {
      expect((await signUp("gone-too@example.com")).status).toBe(200);
      expect((await subscriber("gone-too@example.com"))?.status).toBe("unsubscribed");
      expect(await isSuppressed(app.db, "gone-too@example.com")).toBe(true);
      expect(await confirmationsTo("gone-too@example.com")).toHaveLength(1);
    } finally {
      await setDoubleOptIn(false);
    }
  });
});

describe("a stranger signing one address up over and over", () => {
  it("gets it a few confirmation emails a day at most, and every answer the same", async () => {
    await leaver("flooded@example.com");
    await setDoubleOptIn(true);
    try {
      const answers = [];
      for (let i = 0; i < 10; i += 1) answers.push(await signUp(i % 2 ? "flooded@example.com" : "pending@example.com"));
      for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
      expect((await confirmationsTo("flooded@example.com")).length).toBeLessThanOrEqual(3);
      expect((await confirmationsTo("pending@example.com")).length).toBeLessThanOrEqual(3);
      expect(await confirmationsTo("pending@example.com")).not.toHaveLength(0);
    } finally {
      await setDoubleOptIn(false);
    }
  });
});

/** The subscriber's status, read from the database (staff tokens do not outlive a jump in time). */
async function statusOf(email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(app.db, sql`select status from subscribers where email = ${email}`);
  return row?.status;
}

/** The path of the newest confirmation link the address was sent. */
async function newestLink(email: string): Promise<string> {
  const mails = await confirmationsTo(email);
  return /http:\/\/shop\.test(\/confirm\/[^\s"<]+)/.exec(mails.at(-1) ?? "")?.[1] ?? "no link";
}

const confirmByButton = (link: string) =>
  app.inject({
    method: "POST",
    url: link,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });

describe("the confirmation link", () => {
  it("confirms only with the button on its page, never on the GET a mail scanner makes", async () => {
    await setDoubleOptIn(true);
    try {
      await signUp("scanned@example.com");
      const link = await newestLink("scanned@example.com");
      const page = await app.inject({ url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post">');
      expect(page.body).not.toContain("<script");
      expect(await statusOf("scanned@example.com")).toBe("pending");
      const confirmed = await confirmByButton(link);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.body).toContain(newsletterCopy.confirmed);
      expect(await statusOf("scanned@example.com")).toBe("subscribed");
    } finally {
      await setDoubleOptIn(false);
    }
  });

  it("works for seven days, and never for a later sign-up than its own", async () => {
    await setDoubleOptIn(true);
    try {
      await signUp("slow@example.com");
      const late = await newestLink("slow@example.com");
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 8 * 86_400_000 });
      try {
        expect((await confirmByButton(late)).statusCode).toBe(404);
        expect((await app.inject({ url: late })).statusCode).toBe(404);
      } finally {
        vi.useRealTimers();
      }
      expect(await statusOf("slow@example.com")).toBe("pending");

      await signUp("again@example.com");
      const first = await newestLink("again@example.com");
      expect((await confirmByButton(first)).statusCode).toBe(200);
      const id = (await subscriber("again@example.com"))?._id ?? "";
      const leave = signLink(linkSecret, "unsubscribe", { subscriberId: id, campaignId: null });
      expect((await app.inject({ method: "POST", url: `/unsubscribe/${leave}` })).statusCode).toBe(200);
      await signUp("again@example.com");
      const second = await newestLink("again@example.com");
      expect(second).not.toBe(first);
      // The first link's sign-up is over: only the new one's owner can bring the address back.
      expect((await confirmByButton(first)).statusCode).toBe(404);
      expect(await statusOf("again@example.com")).toBe("unsubscribed");
      expect((await confirmByButton(second)).statusCode).toBe(200);
      expect(await statusOf("again@example.com")).toBe("subscribed");
    } finally {
      await setDoubleOptIn(false);
    }
  });
});

describe("one-click unsubscribe from a mail client (RFC 8058)", () => {
  it("takes the multipart/form-data body the RFC recommends, and refuses a big one", async () => {
    await signUp("one-click@example.com");
    const id = (await subscriber("one-click@example.com"))?._id ?? "";
    const url = `/unsubscribe/${signLink(linkSecret, "unsubscribe", { subscriberId: id, campaignId: null })}`;
    const post = (value: string) => {
      const form = multipart([{ name: "List-Unsubscribe", data: value }]);
      return app.inject({ method: "POST", url, headers: { "content-type": form.contentType }, payload: form.payload });
    };
    expect((await post("x".repeat(64 * 1024))).statusCode).toBe(413);
    expect(await statusOf("one-click@example.com")).toBe("subscribed");
    const oneClick = await post("One-Click");
    expect(oneClick.statusCode).toBe(200);
    expect(await statusOf("one-click@example.com")).toBe("unsubscribed");
  });
});

describe("one-click unsubscribes sent at once (a mail client retrying, a scanner)", () => {
  it("unsubscribe once: one activity entry, whatever the database's concurrency", async () => {
    await signUp("clicked-twenty@example.com");
    const id = (await subscriber("clicked-twenty@example.com"))?._id ?? "";
    const url = `/unsubscribe/${signLink(linkSecret, "unsubscribe", { subscriberId: id, campaignId: null })}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: "POST",
          url,
          payload: "List-Unsubscribe=One-Click",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const [logged] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from activity_logs where action = 'Unsubscribe' and description like ${"%clicked-twenty@example.com%"}`,
    );
    expect(logged?.n).toBe(1);
  });
});

/** A campaign sent to the subscriber at this address, as its recipient row records it. */
async function sentCampaignTo(subscriberId: string, email: string): Promise<{ id: string } | undefined> {
  const [campaign] = await queryRows<{ id: string }>(
    app.db,
    sql`with c as (insert into campaigns (id, subject, html, audience, status)
        values (uuid_v7(), 'Weekly', '<p>Hi</p>', '{"type":"all"}', 'sent') returning id)
      insert into campaign_recipients (id, campaign_id, subscriber_id, email, status)
      select uuid_v7(), c.id, ${subscriberId}, ${email}, 'sent' from c returning campaign_id as id`,
  );
  return campaign;
}

describe("an unsubscribe link of someone deleted since the mail went out", () => {
  it("answers that they are unsubscribed, not that the link is broken, and keeps the address off later imports", async () => {
    await signUp("deleted-later@example.com");
    const id = (await subscriber("deleted-later@example.com"))?._id ?? "";
    const campaign = await sentCampaignTo(id, "deleted-later@example.com");
    const deleted = await call(app, { method: "DELETE", url: `/api/newsletter/delete-subscriber/${id}`, token: admin });
    expect(deleted.status).toBe(200);
    const url = `/unsubscribe/${signLink(linkSecret, "unsubscribe", { subscriberId: id, campaignId: campaign?.id ?? null })}`;
    expect((await app.inject({ url })).statusCode).toBe(200);
    const oneClick = await app.inject({
      method: "POST",
      url,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(newsletterCopy.unsubscribed);
    expect(await isSuppressed(app.db, "deleted-later@example.com")).toBe(true);
  });

  it("keeps the address off later imports when the unsubscribe waited behind an import", async () => {
    await signUp("deleted-queued@example.com");
    const id = (await subscriber("deleted-queued@example.com"))?._id ?? "";
    const campaign = await sentCampaignTo(id, "deleted-queued@example.com");
    // The one-click came while a bulk import held the audience (PostgreSQL), so it was queued; staff
    // deleted the person before the import ended and the queue was applied.
    await app.db.execute(sql`insert into pending_subscriber_changes (id, kind, subscriber_id, campaign_id, ip_address)
      values (gen_random_uuid(), 'unsubscribe', ${id}, ${campaign?.id}, '10.78.0.2')`);
    const deleted = await call(app, { method: "DELETE", url: `/api/newsletter/delete-subscriber/${id}`, token: admin });
    expect(deleted.status).toBe(200);
    await applyQueuedChanges(app, { linkSecret, publicUrl: "http://shop.test" });
    expect(await isSuppressed(app.db, "deleted-queued@example.com")).toBe(true);
  });
});

describe("the confirmation email", () => {
  it("shows the store's name as text, never as markup", async () => {
    const storeName = 'Bits <img src=x onerror=alert(1)> & "Bobs"';
    const named = await call(app, { method: "PUT", url: "/api/settings", token: admin, body: { storeName } });
    expect(named.status).toBe(200);
    await setDoubleOptIn(true);
    try {
      await signUp("named@example.com");
      const [mail = ""] = await confirmationsTo("named@example.com");
      // The subject and the text part carry it as it is; the HTML part as text.
      const html = mail.slice(mail.indexOf("<p>"));
      expect(html).toContain("Bits &lt;img src=x onerror=alert(1)&gt; &amp; ");
      expect(html).not.toContain("<img");
    } finally {
      await setDoubleOptIn(false);
    }
  });
});

describe("a sign-up queued behind an import", () => {
  it("keeps its confirmation email when the process fails between applying it and writing the email", async () => {
    await app.db.execute(sql`insert into pending_subscriber_changes (id, kind, email, double_opt_in, ip_address)
      values (gen_random_uuid(), 'subscribe', 'queued-confirm@example.com', true, '10.78.0.1')`);
    // The outbox refuses every row for a moment: as if the process died at that point.
    await app.db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'the process died here'; end $$`);
    await app.db.execute(sql`create trigger refuse_mail before insert on mail_outbox execute function refuse_mail()`);
    const links = { linkSecret, publicUrl: "http://shop.test" };
    try {
      await applyQueuedChanges(app, links);
    } finally {
      await app.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await app.db.execute(sql`drop function refuse_mail()`);
    }
    // What start-up or the minute's check does after such a crash.
    await applyQueuedChanges(app, links);
    expect(await statusOf("queued-confirm@example.com")).toBe("pending");
    expect(await confirmationsTo("queued-confirm@example.com")).toHaveLength(1);
  });
});
