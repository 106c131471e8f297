import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { AdminPostDto } from "@shop/shared/schemas/blog";
import type { ContactCounts, ContactDto } from "@shop/shared/schemas/contacts";
import type { DashboardData as DashboardBlocks } from "@shop/shared/schemas/dashboard";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import type { Settings } from "@shop/shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

async function enquire(name: string, ip: string, overrides: Record<string, unknown> = {}) {
  const response = await call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/contacts",
    ip,
    body: {
      name,
      email: `${name
        .toLowerCase()
        .replace(/\W+/g, ".")
        .replace(/^\.|\.$/g, "")}@example.com`,
      phone: "0123456789",
      subject: "Product Buy",
      request: `Inquiry about Fortress Fingerprint Lock from ${name}`,
      messageType: "productRequest",
      createdBy: "website",
      ...overrides,
    },
  });
  return response.body.data._id;
}

describe("the contacts inbox", () => {
  it("lists, searches, filters and counts contacts by status", async () => {
    const first = await enquire("Ada Lovelace", "198.18.0.1");
    await enquire("Grace Hopper", "198.18.0.2", { messageType: "general", subject: "Opening hours" });
    await enquire("=SUM(A1) Mallory", "198.18.0.3");
    await call(app, { method: "PUT", url: `/api/contacts/${first}`, token: admin, body: { status: "inProgress" } });

    const all = await call<{ contacts: ContactDto[]; pagination: Record<string, number> }>(app, {
      url: "/api/contacts?limit=2",
      token: admin,
    });
    expect(all.body.data.pagination).toMatchObject({
      currentPage: 1,
      totalContacts: 3,
      contactsPerPage: 2,
      totalPages: 2,
    });
    const search = await call<{ contacts: ContactDto[] }>(app, { url: "/api/contacts?search=hopper", token: admin });
    expect(search.body.data.contacts.map((c) => c.name)).toEqual(["Grace Hopper"]);
    const general = await call<{ contacts: ContactDto[] }>(app, {
      url: "/api/contacts?messageType=general",
      token: admin,
    });
    expect(general.body.data.contacts).toHaveLength(1);
    const counts = await call<ContactCounts>(app, { url: "/api/contacts/get-contact-counts", token: admin });
    expect(counts.body.data).toEqual({
      notActioned: 2,
      inProgress: 1,
      completed: 0,
      cancelled: 0,
      rejected: 0,
      onHold: 0,
      total: 3,
    });
  });

  it("lets any status follow any other and logs the change with original and updated values", async () => {
    const id = await enquire("Katherine Johnson", "198.18.0.4");
    for (const status of ["completed", "notActioned", "onHold", "rejected", "cancelled"]) {
      const response = await call<ContactDto>(app, {
        method: "PUT",
        url: `/api/contacts/${id}`,
        token: admin,
        body: { status },
      });
      expect(response.body.data.status).toBe(status);
    }
    const bad = await call(app, { method: "PUT", url: `/api/contacts/${id}`, token: admin, body: { status: "lost" } });
    expect(bad.status).toBe(400);
    const logs = await call<{ logs: ActivityLogDto[] }>(app, {
      url: "/api/activity-logs?module=contact",
      token: admin,
    });
    const [refused, last] = logs.body.data.logs;
    expect(refused).toMatchObject({ action: "Update contact", status: "Failure" });
    expect(last?.action).toBe("Update contact status");
    expect(last?.details?.fieldChanges).toEqual({ original: { status: "rejected" }, updated: { status: "cancelled" } });
    expect(last?.details?.onActioned).toEqual({ name: "Katherine Johnson", email: "katherine.johnson@example.com" });
  });

  it("exports formula-safe CSV and deletes with the right permission only", async () => {
    const csv = await app.inject({ url: "/api/contacts/export", headers: { authorization: `Bearer ${admin}` } });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("'=SUM(A1) Mallory");
    const viewer = await createStaff(app, admin, ["contact:view-contacts"]);
    const id = await enquire("Delete Me", "198.18.0.5");
    expect((await call(app, { method: "DELETE", url: `/api/contacts/${id}`, token: viewer.token })).status).toBe(403);
    expect((await call(app, { method: "DELETE", url: `/api/contacts/${id}`, token: admin })).status).toBe(200);
    expect((await call(app, { url: `/api/contacts/${id}`, token: admin })).status).toBe(404);
  });
});

describe("hero banners in the back office", () => {
  const banner = (overrides: Record<string, unknown> = {}) => ({
    title: "Winter sale",
    subtitle: "Up to 20% off locks",
    image: "/uploads/banners/abcdef0123-800.webp",
    ctaLabel: "Shop locks",
    ctaLink: "/smart-locks",
    ...overrides,
  });

  it("creates, reorders and schedules banners; the storefront follows", async () => {
    const created = await call<HeroBannerDto>(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner(),
    });
    expect(created.status).toBe(201);
    const all = await call<HeroBannerDto[]>(app, { url: "/api/hero-banners/all", token: admin });
    const ids = all.body.data.map((b) => b._id);
    const reordered = [created.body.data._id, ...ids.filter((id) => id !== created.body.data._id)];
    await call(app, { method: "PUT", url: "/api/hero-banners/reorder", token: admin, body: { ids: reordered } });
    const live = await call<HeroBannerDto[]>(app, { url: "/api/hero-banners" });
    expect(live.body.data[0]?.title).toBe("Winter sale");

    const future = new Date(Date.now() + 86_400_000).toISOString();
    await call(app, {
      method: "PUT",
      url: `/api/hero-banners/${created.body.data._id}`,
      token: admin,
      body: { startsAt: future },
    });
    const later = await call<HeroBannerDto[]>(app, { url: "/api/hero-banners" });
    expect(later.body.data.map((b) => b.title)).not.toContain("Winter sale");
  });

  it("refuses unsafe links and reversed dates", async () => {
    const js = await call(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner({ ctaLink: "javascript:alert(1)" }),
    });
    expect(js.status).toBe(400);
    const reversed = await call(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner({ startsAt: "2030-02-01", endsAt: "2030-01-01" }),
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.endsAt).toBe("The end date cannot be before the start date");
  });

  it("refuses links a browser would take to another site, and saves nothing", async () => {
    const before = (await call<HeroBannerDto[]>(app, { url: "/api/hero-banners/all", token: admin })).body.data;
    for (const ctaLink of ["//evil.com", "/\\evil.com", "\\\\evil.com", "/\t/evil.com", "/%5Cevil.com"]) {
      const created = await call(app, {
        method: "POST",
        url: "/api/hero-banners",
        token: admin,
        body: banner({ ctaLink }),
      });
      expect(created.status, ctaLink).toBe(400);
      expect(created.body.errors?.ctaLink, ctaLink).toBeDefined();
      const target = before[0]?._id ?? "";
      const updated = await call(app, {
        method: "PUT",
        url: `/api/hero-banners/${target}`,
        token: admin,
        body: { ctaLink },
      });
      expect(updated.status, ctaLink).toBe(400);
    }
    const after = (await call<HeroBannerDto[]>(app, { url: "/api/hero-banners/all", token: admin })).body.data;
    expect(after).toEqual(before);
  });

  it("checks each banner permission", async () => {
    const viewer = await createStaff(app, admin, ["herobanner:view-hero-banners"]);
    expect((await call(app, { url: "/api/hero-banners/all", token: viewer.token })).status).toBe(200);
    expect(
      (await call(app, { method: "POST", url: "/api/hero-banners", token: viewer.token, body: banner() })).status,
    ).toBe(403);
  });
});

describe("the blog in the back office", () => {
  it("writes a draft, publishes it and shows it on the storefront", async () => {
    const draft = await call<AdminPostDto>(app, {
      method: "POST",
      url: "/api/blog/posts",
      token: admin,
      body: { title: "Installing a Touch Switch", body: "## Step one\n\nTurn off the power.", author: "Maya Patel" },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.data).toMatchObject({ slug: "installing-a-touch-switch", status: "draft", publishedAt: null });
    expect((await call(app, { url: "/api/blog/posts/installing-a-touch-switch" })).status).toBe(404);
    const published = await call<AdminPostDto>(app, {
      method: "PUT",
      url: `/api/blog/posts/${draft.body.data._id}`,
      token: admin,
      body: { status: "published" },
    });
    expect(published.body.data.publishedAt).not.toBeNull();
    expect((await call(app, { url: "/api/blog/posts/installing-a-touch-switch" })).status).toBe(200);
    const duplicate = await call(app, {
      method: "POST",
      url: "/api/blog/posts",
      token: admin,
      body: { title: "Installing a touch switch", body: "x" },
    });
    expect(duplicate.status).toBe(409);
  });

  it("previews Markdown safely", async () => {
    const preview = await call<{ html: string }>(app, {
      method: "POST",
      url: "/api/blog/preview",
      token: admin,
      body: { body: "**bold** <script>alert(1)</script>" },
    });
    expect(preview.body.data.html).toContain("<strong>bold</strong>");
    expect(preview.body.data.html).not.toContain("<script>");
  });
});

describe("site settings", () => {
  it("serves a public subset and lets staff with the permission change them", async () => {
    const before = await call<Record<string, unknown>>(app, { url: "/api/settings" });
    expect(before.body.data).toMatchObject({ storeName: "Smart Home Shop" });
    expect(before.body.data).not.toHaveProperty("mailFromAddress");
    const updated = await call<Settings>(app, {
      method: "PUT",
      url: "/api/settings",
      token: admin,
      body: { contactPhone: "+44 20 7946 0000" },
    });
    expect(updated.body.data.contactPhone).toBe("+44 20 7946 0000");
    expect((await call<Settings>(app, { url: "/api/settings" })).body.data.contactPhone).toBe("+44 20 7946 0000");
    const injection = await call(app, {
      method: "PUT",
      url: "/api/settings",
      token: admin,
      body: { mailFromName: "Shop\r\nBcc: victim@example.com" },
    });
    expect(injection.status).toBe(400);
    const staff = await createStaff(app, admin, ["product:view-products"]);
    expect(
      (await call(app, { method: "PUT", url: "/api/settings", token: staff.token, body: { storeName: "Mine" } }))
        .status,
    ).toBe(403);
  });
});

describe("the dashboard", () => {
  it("gives each viewer only the blocks they may see", async () => {
    const full = await call<DashboardBlocks>(app, { url: "/api/dashboard", token: admin });
    expect(full.body.data.products?.active).toBeGreaterThanOrEqual(6);
    expect(full.body.data.contacts?.byStatus.total).toBeGreaterThan(0);
    expect(full.body.data.subscribers?.growth).toHaveLength(30);
    expect(full.body.data.activity?.length).toBeGreaterThan(0);
    const support = await createStaff(app, admin, ["contact:view-contacts"]);
    const limited = await call<DashboardBlocks>(app, { url: "/api/dashboard", token: support.token });
    expect(Object.keys(limited.body.data)).toEqual(["contacts"]);
  });
});
