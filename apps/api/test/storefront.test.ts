import { copy } from "@shop/shared/copy";
import type { BlogPostDto, BlogPostSummary } from "@shop/shared/schemas/blog";
import type { ContactDto } from "@shop/shared/schemas/contacts";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, heroBanners, subscribers } from "../src/db/schema/index.ts";
import { call, createTestApp } from "./harness.ts";

const { app, database } = await createTestApp();
const { db } = database;

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  name: "Priya Shah",
  email: "priya@example.com",
  phone: "0123456789",
  subject: "Product Buy",
  request: "Inquiry about Guardian Pro Keypad Lock",
  messageType: "productRequest",
  createdBy: "website",
  ...overrides,
});

describe("hero banners", () => {
  it("shows active banners inside their dates, in display order", async () => {
    const response = await call<HeroBannerDto[]>(app, { url: "/api/hero-banners" });
    expect(response.body.data.map((b) => b.displayOrder)).toEqual([0, 1, 2]);
    // An end date is the last day shown, stored as that day's midnight UTC: yesterday's has passed.
    const yesterday = new Date(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    await db.update(heroBanners).set({ endsAt: yesterday }).where(eq(heroBanners.displayOrder, 1));
    app.publicCache.clear();
    const after = await call<HeroBannerDto[]>(app, { url: "/api/hero-banners" });
    expect(after.body.data.map((b) => b.displayOrder)).toEqual([0, 2]);
  });
});

describe("enquiries", () => {
  it("stores an enquiry as not actioned, with HTML kept as plain text", async () => {
    const response = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/contacts",
      body: enquiry({ request: "<img src=x onerror=alert(1)> hello" }),
      ip: "198.51.100.1",
    });
    expect(response.status).toBe(201);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, response.body.data._id));
    expect(row).toMatchObject({
      status: "notActioned",
      messageType: "productRequest",
      request: "<img src=x onerror=alert(1)> hello",
    });
    expect(Object.keys(response.body.data)).toEqual(["_id"]);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]?.n;
    const response = await call(app, {
      method: "POST",
      url: "/api/contacts",
      body: enquiry({ name: "P", email: "priya@", phone: "12345678901", messageType: "spam" }),
      ip: "198.51.100.2",
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Phone number must be exactly 10 digits",
    });
    expect(response.body.errors?.messageType).toBeDefined();
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]?.n;
    expect(after).toBe(before);
  });

  it("pretends to accept a bot's honeypot submission and keeps nothing", async () => {
    const response = await call<ContactDto | undefined>(app, {
      method: "POST",
      url: "/api/contacts",
      body: enquiry({ email: "bot@example.com", website: "http://spam.example" }),
      ip: "198.51.100.3",
    });
    expect(response.status).toBe(201);
    expect(await db.select().from(contacts).where(eq(contacts.email, "bot@example.com"))).toHaveLength(0);
  });

  it("limits each address to 5 enquiries a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await call(app, { method: "POST", url: "/api/contacts", body: enquiry(), ip: "198.51.100.4" })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe("newsletter sign-up", () => {
  const signUp = (email: unknown, ip = "203.0.113.20") =>
    call(app, { method: "POST", url: "/api/newsletter/subscriber", body: { email }, ip });

  it("subscribes a new address and answers a known one the same way without a second row", async () => {
    const first = await signUp("Reader@Example.com");
    const second = await signUp("reader@example.com", "203.0.113.21");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body).toEqual(second.body);
    expect(first.body.message).toBe(copy.storefront.subscribed);
    const rows = await db.select().from(subscribers).where(sql`lower(${subscribers.email}) = 'reader@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "subscribed", source: "footer", consentIp: "203.0.113.20" });
  });

  it("checks the format on the server", async () => {
    for (const bad of ["", "not-an-email", 42]) {
      const response = await signUp(bad, "203.0.113.22");
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Please enter a valid email");
    }
  });
});

describe("the blog", () => {
  it("lists the published posts as an array, newest first", async () => {
    const response = await call<BlogPostSummary[]>(app, { url: "/api/blog/posts" });
    expect(Array.isArray(response.body.data)).toBe(true);
    expect(response.body.data).toHaveLength(3);
    const dates = response.body.data.map((post) => Date.parse(post.publishedAt ?? ""));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("renders a post's Markdown to safe HTML and 404s an unknown slug", async () => {
    const post = await call<BlogPostDto>(app, { url: "/api/blog/posts/smart-locks-explained" });
    expect(post.body.data.html).toContain("<h2>Keypad</h2>");
    expect(post.body.data.html).toContain("<table>");
    expect((await call(app, { url: "/api/blog/posts/nope" })).status).toBe(404);
  });
});
