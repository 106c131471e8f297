import { copy } from "@shop/shared/copy";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, mailOutbox, products, users } from "../src/db/schema/index.ts";
import { enquiryMailCopy } from "../src/modules/contacts/enquiry-mail.ts";
import { about, body, enquiryMailApp, to } from "./enquiry-fixtures.ts";
import { call, createStaff, testAdmin } from "./harness.ts";

const { app, db, admin, nextIp, submit, setSettings, rowsFor, delivered } = await enquiryMailApp();

describe("a new enquiry tells the team", () => {
  it("emails the super admins when nobody else is named, with who, what, when and the link; the customer gets the confirmation", async () => {
    await db
      .insert(products)
      .values({ name: "Aura Touch Switch", slug: "aura-touch-switch", price: 49.99, description: "A switch" });
    const sent = await submit(app, {
      name: "Pat Product",
      email: "Pat@Customer.test",
      subject: storefrontCopy.enquiry.subject,
      request: storefrontCopy.enquiry.request("Aura Touch Switch"),
      messageType: "productRequest",
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data._id;
    // Saved, and its mail recorded, before anything is sent.
    expect(await db.select().from(contacts).where(eq(contacts.id, id))).toHaveLength(1);
    expect((await rowsFor(id)).map((r) => [r.kind, r.status]).sort()).toEqual([
      ["enquiry-alert", "pending"],
      ["enquiry-confirmation", "pending"],
    ]);

    expect(await app.outbox.drain()).toBe(2);
    const alerts = delivered((m) => about(id)(m) && !to("pat@customer.test")(m));
    expect(alerts).toHaveLength(1);
    const alert = alerts[0];
    expect(alert?.to).toEqual([testAdmin.email]);
    expect(alert?.headers.get("reply-to")?.toLowerCase()).toContain("pat@customer.test");
    expect(alert?.headers.get("from")).toContain("env-sender@shop.test");
    const text = body(alert);
    for (const part of [
      "Pat Product",
      "pat@customer.test",
      "0123456789",
      "Product request",
      "Inquiry about Aura Touch Switch",
    ])
      expect(text).toContain(part);
    expect(text).toContain(`http://shop.test/admin/contacts?open=${id}`);
    expect(text).toMatch(/Received: \w{3}, \d{2} \w{3} \d{4}/);
    expect(text).toContain("Product: http://shop.test/shop/product/aura-touch-switch");

    const confirmations = delivered(to("pat@customer.test"));
    expect(confirmations).toHaveLength(1);
    const confirmation = confirmations[0];
    expect(confirmation?.headers.get("reply-to")).toContain("support@smarthomeshop.example");
    expect(confirmation?.headers.get("from")).toContain("Shop From Env <env-sender@shop.test>");
    expect(body(confirmation)).toContain(storefrontCopy.enquiry.contactSoon);
    // The catalogue's product name, not the request's words.
    expect(body(confirmation)).toContain("Aura Touch Switch");
    expect(body(confirmation)).not.toContain("Inquiry about");
    expect(body(confirmation)).toContain("http://shop.test/shop/product/aura-touch-switch");
    expect((await rowsFor(id)).every((r) => r.status === "sent" && r.sentAt !== null)).toBe(true);
    expect(await app.outbox.drain()).toBe(0);
  });

  it("emails the settings list and opted-in staff who may view contacts (each once), not the super admins, for a contact form and a quote", async () => {
    const reader = await createStaff(app, admin, ["contact:view-contacts"]);
    const outsider = await createStaff(app, admin, ["product:view-products"]);
    const optIn = (token: string) =>
      call(app, { method: "PUT", url: "/api/users/profile", token, body: { notifyEnquiries: true } });
    expect((await optIn(reader.token)).status).toBe(200);
    const refused = await optIn(outsider.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(copy.users.notifyEnquiriesNotAllowed);
    // Even set behind the API's back, a user who cannot view contacts is not emailed.
    await db.update(users).set({ notifyEnquiries: true }).where(eq(users.id, outsider.userId));
    await setSettings({ enquiryNotifyEmails: ["team@shop.test", reader.email.toUpperCase()] });

    const form = await submit(app, {
      email: "form@customer.test",
      subject: "Opening hours",
      request: "When are you open?",
    });
    // The sample catalogue has the switch; the hub is added, so the customer's copy can list both.
    await db.insert(products).values({ name: "Hub Pro", slug: "hub-pro", price: 129, description: "A hub" });
    const quoteText = [
      storefrontCopy.cart.quote.intro,
      storefrontCopy.cart.quote.line(2, "Aura Touch Switch — 1 Gang", "$49.99"),
      storefrontCopy.cart.quote.line(1, "Hub Pro", "$129.00"),
      "",
      storefrontCopy.cart.quote.total("$228.98"),
    ].join("\n");
    const quote = await submit(app, {
      email: "quote@customer.test",
      subject: storefrontCopy.cart.quote.subject,
      request: quoteText,
      messageType: "quoteRequest",
    });
    expect([form.status, quote.status]).toEqual([201, 201]);
    await app.outbox.drain();

    for (const id of [form.body.data._id, quote.body.data._id]) {
      const alerts = delivered((m) => about(id)(m) && m.headers.get("subject")?.startsWith("New ") === true);
      expect(alerts.flatMap((m) => m.to).sort()).toEqual(["team@shop.test", reader.email.toLowerCase()].sort());
    }
    const quoteAlert = body(delivered((m) => about(quote.body.data._id)(m) && to("team@shop.test")(m))[0]);
    expect(quoteAlert).toContain("Quote request");
    expect(quoteAlert).toContain("2 × Aura Touch Switch — 1 Gang ($49.99)");
    expect(quoteAlert).toContain("Total: $228.98");
    const quoteConfirmation = body(delivered(to("quote@customer.test"))[0]);
    expect(quoteConfirmation).toContain("1 × Hub Pro ($129.00)");
    expect(quoteConfirmation).toContain("Total: $228.98");
    expect(delivered(to(outsider.email))).toHaveLength(0);
    expect(delivered((m) => to(testAdmin.email)(m) && about(form.body.data._id)(m))).toHaveLength(0);
  });

  it("escapes what the visitor typed in the HTML part", async () => {
    const sent = await submit(app, { email: "html@customer.test", request: '<img src=x onerror="alert(1)">' });
    await app.outbox.drain();
    const raw = body(delivered((m) => about(sent.body.data._id)(m))[0]);
    const html = raw.slice(raw.indexOf("Content-Type: text/html"));
    expect(html).toContain("<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>");
    expect(html).not.toContain("<img src=x");
  });

  it("sends nothing for a honeypot or a rate-limited submission", async () => {
    const before = (await db.select().from(mailOutbox)).length;
    const bot = await submit(app, { email: "bot@spam.test", website: "http://spam.test" });
    expect(bot.status).toBe(201);
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await submit(app, { email: "flood@spam.test" }, ip)).status);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
    const rows = await db.select().from(mailOutbox);
    expect(rows.filter((r) => r.recipient === "bot@spam.test")).toHaveLength(0);
    // Five saved enquiries: five alerts, and one confirmation for the address.
    expect(rows.length - before).toBe(6);
  });
});

describe("the customer hears back at once", () => {
  it("sends one confirmation per address per hour, whatever is submitted: 100 parallel enquiries", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => submit(app, { email: i % 2 ? "Bomb@Victim.test" : "bomb@victim.test" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201));
    const confirmations = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} = 'bomb@victim.test' and ${mailOutbox.kind} = 'enquiry-confirmation'`);
    expect(confirmations).toHaveLength(1);
    await app.outbox.drain();
    expect(delivered(to("bomb@victim.test"))).toHaveLength(1);
    const later = await submit(app, { email: "bomb@victim.test" });
    expect(later.status).toBe(201);
    expect((await rowsFor(later.body.data._id)).map((r) => r.kind)).toEqual(["enquiry-alert"]);
  });

  it("sends none when the switch is off", async () => {
    await setSettings({ enquiryConfirmation: false });
    const sent = await submit(app, { email: "quiet@customer.test" });
    expect((await rowsFor(sent.body.data._id)).map((r) => r.kind)).toEqual(["enquiry-alert"]);
  });

  it("sends from the Settings sender when one is set, over MAIL_FROM", async () => {
    await setSettings({ mailFromName: "Shop Settings", mailFromAddress: "settings-sender@shop.test" });
    await submit(app, { email: "override@customer.test" });
    await app.outbox.drain();
    const mail = delivered(to("override@customer.test"))[0];
    expect(mail?.headers.get("from")).toBe("Shop Settings <settings-sender@shop.test>");
    expect(mail?.from).toBe("settings-sender@shop.test");
  });

  // The confirmation goes to whatever address the form was given, from the shop's own sender: anything it
  // repeated word for word would let a stranger send their text (a phishing link) to anyone, signed by the shop.
  const lure = "Refund waiting: http://evil.test/claim";
  const confirmationTo = async (address: string) => {
    await app.outbox.drain();
    const [mail] = delivered(to(address));
    expect(mail).toBeDefined();
    return body(mail);
  };

  it("repeats none of the visitor's words: not the name, subject or message of a contact form", async () => {
    await submit(app, { name: lure, email: "victim1@customer.test", subject: lure, request: `${lure}\n\nCall now.` });
    const text = await confirmationTo("victim1@customer.test");
    expect(text).not.toContain("evil.test");
    expect(text).not.toContain("Call now");
    expect(text).toContain(storefrontCopy.enquiry.contactSoon);
  });

  it("names the enquired product from the catalogue, and nothing the visitor appended to the request", async () => {
    await db
      .insert(products)
      .values({ name: "Lumen Dimmer", slug: "lumen-dimmer", price: 59.5, description: "A dimmer" });
    await submit(app, {
      name: lure,
      email: "victim2@customer.test",
      subject: lure,
      request: `${storefrontCopy.enquiry.request("lumen dimmer")}\n${lure}`,
      messageType: "productRequest",
    });
    const text = await confirmationTo("victim2@customer.test");
    expect(text).toContain("Lumen Dimmer");
    expect(text).toContain("http://shop.test/shop/product/lumen-dimmer");
    expect(text).not.toContain("evil.test");
  });

  it("lists a quote's lines from the catalogue (name, price, total), dropping lines that name no product", async () => {
    await db.insert(products).values([
      { name: "Quote Switch", slug: "quote-switch", price: 20, description: "A switch" },
      { name: "Quote Lock", slug: "quote-lock", price: 150.25, description: "A lock" },
      { name: "Retired Quote Hub", slug: "retired-quote-hub", price: 99, description: "Gone", status: "inactive" },
    ]);
    const request = [
      storefrontCopy.cart.quote.intro,
      storefrontCopy.cart.quote.line(2, "quote switch", "$0.01"),
      storefrontCopy.cart.quote.line(1, "Quote Lock", "$150.25"),
      storefrontCopy.cart.quote.line(1, "Retired Quote Hub", "$99.00"),
      storefrontCopy.cart.quote.line(1, lure, "$0.00"),
      "",
      storefrontCopy.cart.quote.total("$0.00"),
      lure,
    ].join("\n");
    const sent = await submit(app, {
      email: "victim3@customer.test",
      subject: storefrontCopy.cart.quote.subject,
      request,
      messageType: "quoteRequest",
    });
    const text = await confirmationTo("victim3@customer.test");
    // Staff see the lines at the catalogue's prices too, beside the visitor's own (here $0.01 a switch):
    // what the customer was told is what staff quote from.
    const alert = body(
      delivered((m) => about(sent.body.data._id)(m) && m.headers.get("subject")?.startsWith("New ") === true)[0],
    );
    expect(alert).toContain(enquiryMailCopy.catalogueLines);
    expect(alert).toContain(storefrontCopy.cart.quote.line(2, "Quote Switch", "$20.00"));
    expect(alert).toContain(storefrontCopy.cart.quote.total("$190.25"));
    expect(text).toContain(storefrontCopy.cart.quote.line(2, "Quote Switch", "$20.00"));
    expect(text).toContain(storefrontCopy.cart.quote.line(1, "Quote Lock", "$150.25"));
    expect(text).toContain(storefrontCopy.cart.quote.total("$190.25"));
    expect(text).not.toContain("Retired Quote Hub");
    expect(text).not.toContain("evil.test");
    expect(text).not.toContain("$0.01");
  });
});

describe("one sender for every message", () => {
  it("a campaign test send and a double opt-in confirmation come from MAIL_FROM, then from the Settings sender", async () => {
    const campaign = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/compose-mail",
      token: admin,
      body: { subject: "Sender check", preheader: "", html: "<p>Hello</p>", audience: { type: "all" } },
    });
    expect(campaign.status).toBe(201);
    const testSend = (email: string) =>
      call(app, {
        method: "POST",
        url: `/api/compose-mail/${campaign.body.data._id}/test`,
        token: admin,
        body: { email },
      });
    const signUp = (email: string) =>
      call(app, { method: "POST", url: "/api/newsletter/subscriber", body: { email }, ip: nextIp() });
    await setSettings({ doubleOptIn: true });
    try {
      expect((await testSend("campaign-env@customer.test")).status).toBe(200);
      expect((await signUp("optin-env@customer.test")).status).toBe(200);
      await app.outbox.drain();
      for (const address of ["campaign-env@customer.test", "optin-env@customer.test"]) {
        const mail = delivered(to(address))[0];
        expect(mail?.headers.get("from")).toBe("Shop From Env <env-sender@shop.test>");
        expect(mail?.from).toBe("env-sender@shop.test");
      }
      await setSettings({ mailFromName: "Shop Settings", mailFromAddress: "settings-sender@shop.test" });
      expect((await testSend("campaign-set@customer.test")).status).toBe(200);
      expect((await signUp("optin-set@customer.test")).status).toBe(200);
      await app.outbox.drain();
      for (const address of ["campaign-set@customer.test", "optin-set@customer.test"]) {
        expect(delivered(to(address))[0]?.headers.get("from")).toBe("Shop Settings <settings-sender@shop.test>");
      }
    } finally {
      await setSettings({ doubleOptIn: false });
    }
  });
});
