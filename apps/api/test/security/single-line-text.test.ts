import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, contacts, newsletterTags, roles } from "../../src/db/schema/index.ts";
import { call, signIn } from "../harness.ts";
import { createSecurityApp } from "./support.ts";

/**
 * Names and subjects are one line of visible text. A line break in a visitor's name became a line of
 * their own in the staff alert (a link that looked like ours), and direction overrides or invisible
 * characters let two names look alike, or one read backwards, in the back office and its log.
 */
const { app, database } = await createSecurityApp();
const admin = await signIn(app);

let visitor = 0;
const enquiry = (fields: Record<string, unknown>) =>
  call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/contacts",
    ip: `10.91.${Math.floor(++visitor / 250)}.${visitor % 250}`,
    body: {
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "5551234567",
      subject: "Locks",
      request: "Do you ship abroad?",
      ...fields,
    },
  });

const rows = async (table: typeof contacts | typeof newsletterTags | typeof roles) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

const hostile = {
  "a line break": "Jane Doe\n\nOpen it in the back office: http://evil.example/x",
  "a carriage return": "Jane\rDoe",
  "a tab": "Jane\tDoe",
  "a right-to-left override": "Jane \u202Egnp.exe",
  "a zero-width space": "Jane\u200BDoe",
  "a byte-order mark": "Jane\uFEFFDoe",
  "an escape character": "Jane\u001b[31mDoe",
};

describe("an enquiry's name and subject", () => {
  for (const [what, value] of Object.entries(hostile)) {
    it(`with ${what} are refused with a 400 naming the field, and nothing is saved`, async () => {
      const before = await rows(contacts);
      const byName = await enquiry({ name: value });
      expect(byName.status).toBe(400);
      expect(Object.keys(byName.body.errors ?? {})).toContain("name");
      const bySubject = await enquiry({ subject: value });
      expect(bySubject.status).toBe(400);
      expect(Object.keys(bySubject.body.errors ?? {})).toContain("subject");
      expect(await rows(contacts)).toBe(before);
    });
  }

  it("may hold letters of any script, accents, apostrophes and joined emoji", async () => {
    for (const name of ["Zoë O'Brien-Łukasz", "محمد\u200Cرضا", "山田 太郎", "Ana 👩\u200D💻"]) {
      expect((await enquiry({ name })).status).toBe(201);
    }
  });
});

describe("staff names of tags and roles", () => {
  it("refuse look-alikes made with invisible or direction characters", async () => {
    const tags = await rows(newsletterTags);
    const tag = await call(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "VIP\u200B" },
    });
    expect(tag.status).toBe(400);
    expect(await rows(newsletterTags)).toBe(tags);
    const before = await rows(roles);
    const role = await call(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name: "Editor \u202Enimda", permissions: [] },
    });
    expect(role.status).toBe(400);
    expect(await rows(roles)).toBe(before);
  });
});

describe("who an enquiry was created by", () => {
  it("is the website for every visitor: a visitor cannot sign it as staff", async () => {
    const answer = await enquiry({ createdBy: "Administrator (staff)" });
    expect(answer.status).toBe(400);
    const website = await enquiry({ createdBy: "website" });
    expect(website.status).toBe(201);
  });
});

describe("the honeypot", () => {
  it("answers a bot as it answers a person, with an id, so the bot cannot tell it was caught", async () => {
    const before = await rows(contacts);
    const person = await enquiry({});
    const bot = await enquiry({ website: "http://spam.example" });
    expect(bot.status).toBe(person.status);
    expect(bot.body.message).toBe(person.body.message);
    expect(bot.body.data?._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Object.keys(bot.body).sort()).toEqual(Object.keys(person.body).sort());
    expect(await rows(contacts)).toBe((before ?? 0) + 1);
  });
});

describe("the address given to sign in", () => {
  it("with a direction override or invisible characters is refused before it reaches the activity log", async () => {
    const logged = async () => (await database.db.select({ n: count() }).from(activityLogs))[0]?.n;
    const before = await logged();
    for (const value of [hostile["a right-to-left override"], hostile["a zero-width space"], hostile["a line break"]]) {
      const attempt = await call(app, {
        method: "POST",
        url: "/api/users/login",
        ip: `10.92.0.${++visitor % 250}`,
        body: { email: `${value.replaceAll(" ", "")}@example.com`, password: "not-the-password" },
      });
      expect(attempt.status).toBe(400);
      expect(Object.keys(attempt.body.errors ?? {})).toContain("email");
    }
    expect(await logged()).toBe(before);
  });
});
