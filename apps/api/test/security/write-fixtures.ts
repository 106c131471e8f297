import { satisfies } from "@shop/shared/permissions";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { queryRows } from "../../src/lib/sql.ts";
import { suppress } from "../../src/modules/newsletter/suppressions.ts";
import { uploadFolderPermissions, uploadFolders } from "../../src/modules/uploads/images.ts";
import { call, createStaff, signIn } from "../harness.ts";
import { multipart } from "../multipart.ts";
import { accountFixtures } from "./account-fixtures.ts";
import { emptyRole, type Fixture, type FixtureContext, made, nextIp, person, unique } from "./fixture-kit.ts";
import { mailFixtures } from "./mail-fixtures.ts";
import { webhookProbes } from "./webhook-fixtures.ts";

export { nextIp, type Probe } from "./fixture-kit.ts";

const category = (c: FixtureContext) => made(c, "/api/categories", { name: `Category ${unique()}` });
const subcategory = async (c: FixtureContext) =>
  made(c, "/api/subcategories", { category: await category(c), name: `Sub ${unique()}` });
const product = async (c: FixtureContext) =>
  made(c, "/api/products", { name: `Plug ${unique()}`, price: 10, description: "A plug", category: await category(c) });
const banner = (c: FixtureContext) => made(c, "/api/hero-banners", { title: "Banner", image: "/images/a.webp" });
/** An address of its own on the suppression list, for lifting. */
async function suppression(c: FixtureContext): Promise<string> {
  const email = `suppressed-${unique()}@example.com`;
  await suppress(c.app.db, email, "hard-bounce");
  const [row] = await queryRows<{ id: string }>(c.app.db, sql`select id from suppressions where email = ${email}`);
  if (!row) throw new Error("the suppression was not made");
  return row.id;
}
const tag = (c: FixtureContext) => made(c, "/api/newsletter-tags/tags", { name: `Tag ${unique()}` });
const post = (c: FixtureContext) => made(c, "/api/blog/posts", { title: `Post ${unique()}`, body: "Words" });
const contactBody = {
  name: "Visitor",
  email: "visitor@example.com",
  phone: "0123456789",
  subject: "Hi",
  request: "Hello",
};

async function contact(c: FixtureContext): Promise<string> {
  const response = await call<{ _id: string }>(c.app, {
    method: "POST",
    url: "/api/contacts",
    body: contactBody,
    ip: nextIp(),
  });
  if (response.status !== 201) throw new Error(`contact failed: ${response.text}`);
  return response.body.data._id;
}

async function subscriber(c: FixtureContext): Promise<{ id: string; email: string }> {
  const email = `reader-${unique()}@example.com`;
  await call(c.app, { method: "POST", url: "/api/newsletter/subscriber", body: { email }, ip: nextIp() });
  const listed = await call<{ subscribers: { _id: string }[] }>(c.app, {
    url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token: c.admin,
  });
  const id = listed.body.data.subscribers[0]?._id;
  if (!id) throw new Error(`subscriber ${email} not listed`);
  return { id, email };
}

const campaignBody = { subject: "News", html: "<p>Hello</p>", audience: { type: "all" } };
/** A draft to an audience of at least one, so it can be scheduled and sent. */
async function draft(c: FixtureContext): Promise<string> {
  await subscriber(c);
  return made(c, "/api/compose-mail", campaignBody);
}
const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
async function campaignIn(c: FixtureContext, steps: string[]): Promise<string> {
  const id = await draft(c);
  for (const step of steps) {
    const [method, url, body] =
      step === "send"
        ? (["POST", "/api/emailhistory/send-mail", { mailId: id }] as const)
        : step === "schedule"
          ? (["POST", `/api/compose-mail/${id}/schedule`, { scheduledAt: future() }] as const)
          : (["POST", `/api/emailhistory/${id}/${step}`, undefined] as const);
    const response = await call(c.app, { method, url, body, token: c.admin });
    if (response.status >= 300) throw new Error(`${step} failed: ${response.text}`);
  }
  return id;
}

const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0f766e" } })
  .png()
  .toBuffer();

/**
 * A valid request for every write route, keyed "METHOD /path" as in the route table. Each call
 * makes its own record, so a delete or a state change never depends on an earlier probe.
 */
export const writeFixtures: Record<string, Fixture> = {
  ...accountFixtures,

  "POST /api/roles/create-role": async () => ({
    url: "/api/roles/create-role",
    body: { name: `Role ${unique()}`, permissions: [] },
  }),
  "PUT /api/roles/update-role/:id": async (c) => ({
    url: `/api/roles/update-role/${await emptyRole(c)}`,
    body: { name: `Renamed ${unique()}`, description: "Changed", permissions: [] },
  }),
  "DELETE /api/roles/:id": async (c) => ({ url: `/api/roles/${await emptyRole(c)}` }),

  "POST /api/categories": async () => ({ url: "/api/categories", body: { name: `Category ${unique()}` } }),
  "PUT /api/categories/:id": async (c) => ({
    url: `/api/categories/${await category(c)}`,
    body: { description: "Changed" },
  }),
  "DELETE /api/categories/:id": async (c) => ({ url: `/api/categories/${await category(c)}` }),
  "POST /api/subcategories": async (c) => ({
    url: "/api/subcategories",
    body: { category: await category(c), name: `Sub ${unique()}` },
  }),
  "PUT /api/subcategories/:id": async (c) => ({
    url: `/api/subcategories/${await subcategory(c)}`,
    body: { description: "Changed" },
  }),
  "DELETE /api/subcategories/:id": async (c) => ({ url: `/api/subcategories/${await subcategory(c)}` }),

  "POST /api/products": async (c) => ({
    url: "/api/products",
    body: { name: `Bulb ${unique()}`, price: 5, description: "A bulb", category: await category(c) },
  }),
  "PUT /api/products/:id": async (c) => ({ url: `/api/products/${await product(c)}`, body: { price: 12 } }),

  // Each folder has its own permissions: the caller writes to one they hold.
  "POST /api/upload/multiple": async (c) => ({
    url: "/api/upload/multiple",
    form: multipart([
      {
        name: "folder",
        data:
          uploadFolders.find((folder) =>
            satisfies(
              { isSuperAdmin: c.holds === "super", permissions: c.holds === "super" ? [] : c.holds },
              uploadFolderPermissions[folder],
            ),
          ) ?? "products",
      },
      { name: "images", filename: "a.png", type: "image/png", data: png },
    ]),
  }),

  "POST /api/hero-banners": async () => ({
    url: "/api/hero-banners",
    body: { title: "Another", image: "/images/b.webp" },
  }),
  "PUT /api/hero-banners/:id": async (c) => ({
    url: `/api/hero-banners/${await banner(c)}`,
    body: { title: "Renamed" },
  }),
  "PUT /api/hero-banners/reorder": async (c) => ({
    url: "/api/hero-banners/reorder",
    body: { ids: [await banner(c), await banner(c)] },
  }),
  "DELETE /api/hero-banners/:id": async (c) => ({ url: `/api/hero-banners/${await banner(c)}` }),

  "POST /api/contacts": async () => ({ url: "/api/contacts", body: contactBody }),
  "PUT /api/contacts/:id": async (c) => ({ url: `/api/contacts/${await contact(c)}`, body: { status: "inProgress" } }),
  "DELETE /api/contacts/:id": async (c) => ({ url: `/api/contacts/${await contact(c)}` }),
  "POST /api/contacts/:id/replies": async (c) => ({
    url: `/api/contacts/${await contact(c)}/replies`,
    body: { body: "Thanks, we will be in touch." },
  }),
  "POST /api/contacts/:id/notes": async (c) => ({
    url: `/api/contacts/${await contact(c)}/notes`,
    body: { body: "Called back." },
  }),
  "PUT /api/contacts/:id/assignee": async (c) => ({
    url: `/api/contacts/${await contact(c)}/assignee`,
    body: { userId: null },
  }),

  "POST /api/newsletter/subscriber": async () => ({
    url: "/api/newsletter/subscriber",
    body: { email: `fan-${unique()}@example.com` },
  }),
  "PUT /api/newsletter/update-subscriber/:id": async (c) => {
    const { id, email } = await subscriber(c);
    return { url: `/api/newsletter/update-subscriber/${id}`, body: { email, tags: [await tag(c)] } };
  },
  "POST /api/newsletter/assign-bulk-tags": async (c) => ({
    url: "/api/newsletter/assign-bulk-tags",
    body: { tagIds: [await tag(c)], subscriberIds: [(await subscriber(c)).id] },
  }),
  "DELETE /api/newsletter/delete-subscriber/:id": async (c) => ({
    url: `/api/newsletter/delete-subscriber/${(await subscriber(c)).id}`,
  }),
  "DELETE /api/newsletter/subscribers/:id/erase": async (c) => ({
    url: `/api/newsletter/subscribers/${(await subscriber(c)).id}/erase`,
  }),
  "POST /api/bounces": async () => webhookProbes.generic(`bounced-${unique()}@example.com`),
  "POST /api/bounces/sendgrid": async () => webhookProbes.sendgrid(`bounced-${unique()}@example.com`),
  "POST /api/bounces/ses": async () => webhookProbes.ses(`bounced-${unique()}@example.com`),
  "POST /api/bounces/postmark": async () => webhookProbes.postmark(`bounced-${unique()}@example.com`),
  "DELETE /api/newsletter/suppressions/:id": async (c) => ({
    url: `/api/newsletter/suppressions/${await suppression(c)}`,
  }),
  "POST /api/csv/import-jobs": async () => ({ url: "/api/csv/import-jobs" }),
  "POST /api/csv/import-preview": async () => ({
    url: "/api/csv/import-preview",
    form: multipart([
      { name: "file", filename: "audience.csv", type: "text/csv", data: "email\npreview@example.com\n" },
    ]),
  }),
  "POST /api/csv/import-csv": async (c) => ({
    url: "/api/csv/import-csv",
    form: multipart([
      { name: "file", filename: "audience.csv", type: "text/csv", data: `email\nimported-${unique()}@example.com\n` },
      { name: "tagIds", data: await tag(c) },
    ]),
  }),

  "POST /api/newsletter-tags/tags": async () => ({
    url: "/api/newsletter-tags/tags",
    body: { name: `Tag ${unique()}` },
  }),
  "PUT /api/newsletter-tags/update-tags/:id": async (c) => ({
    url: `/api/newsletter-tags/update-tags/${await tag(c)}`,
    body: { description: "Changed" },
  }),
  "DELETE /api/newsletter-tags/delete-tags/:id": async (c) => ({
    url: `/api/newsletter-tags/delete-tags/${await tag(c)}`,
  }),

  "POST /api/compose-mail/audience-count": async () => ({
    url: "/api/compose-mail/audience-count",
    body: { audience: { type: "all" } },
  }),
  "POST /api/compose-mail": async () => ({ url: "/api/compose-mail", body: campaignBody }),
  "PUT /api/compose-mail/:id": async (c) => ({
    url: `/api/compose-mail/${await draft(c)}`,
    body: { subject: "Changed" },
  }),
  "DELETE /api/compose-mail/:id": async (c) => ({ url: `/api/compose-mail/${await draft(c)}` }),
  "POST /api/compose-mail/:id/test": async (c) => ({
    url: `/api/compose-mail/${await draft(c)}/test`,
    body: { email: "tester@example.com" },
  }),
  "POST /api/compose-mail/:id/schedule": async (c) => ({
    url: `/api/compose-mail/${await draft(c)}/schedule`,
    body: { scheduledAt: future() },
  }),
  "POST /api/compose-mail/:id/unschedule": async (c) => ({
    url: `/api/compose-mail/${await campaignIn(c, ["schedule"])}/unschedule`,
  }),
  "POST /api/emailhistory/send-mail": async (c) => ({
    url: "/api/emailhistory/send-mail",
    body: { mailId: await draft(c) },
  }),
  "POST /api/emailhistory/:id/pause": async (c) => ({
    url: `/api/emailhistory/${await campaignIn(c, ["send"])}/pause`,
  }),
  "POST /api/emailhistory/:id/resume": async (c) => ({
    url: `/api/emailhistory/${await campaignIn(c, ["send", "pause"])}/resume`,
  }),
  "POST /api/emailhistory/:id/cancel": async (c) => ({
    url: `/api/emailhistory/${await campaignIn(c, ["send"])}/cancel`,
  }),
  "DELETE /api/emailhistory/:id": async (c) => ({
    url: `/api/emailhistory/${await campaignIn(c, ["send", "cancel"])}`,
  }),

  "POST /api/blog/preview": async () => ({ url: "/api/blog/preview", body: { body: "# Title" } }),
  "POST /api/blog/posts": async () => ({
    url: "/api/blog/posts",
    body: { title: `Another post ${unique()}`, body: "More words" },
  }),
  "PUT /api/blog/posts/:post": async (c) => ({
    url: `/api/blog/posts/${await post(c)}`,
    body: { title: "Renamed post" },
  }),
  "DELETE /api/blog/posts/:post": async (c) => ({ url: `/api/blog/posts/${await post(c)}` }),

  "PUT /api/settings": async () => ({ url: "/api/settings", body: { storeName: "Smart Home Shop" } }),
  ...mailFixtures,
};

/**
 * Bodies that ask for more than the route's guard: a handler must check the extra permission itself.
 * The caller needs the route's guard and `needs`; anyone else is refused with 403.
 */
export const guardedBodies: { route: string; needs: string; fixture: Fixture }[] = [
  {
    // Finding 5: a user manager without deactivate-user switched users off through the edit route.
    route: "PUT /api/users/update-user/:id",
    needs: "user:deactivate-user",
    fixture: async (c) => ({ url: `/api/users/update-user/${await person(c)}`, body: { isActive: false } }),
  },
];

/** A disposable person holding these permissions (or a super admin), signed in. */
export async function lookalikeOf(app: FastifyInstance, admin: string, permissions: string[] | "super") {
  if (permissions !== "super") {
    const staff = await createStaff(app, admin, permissions);
    return { token: staff.token, password: staff.password };
  }
  const email = `super-${unique()}@example.com`;
  const password = "super-password";
  await made({ app, admin }, "/api/users", {
    name: "Another Super",
    email,
    phone: "0123456789",
    role: await emptyRole({ app, admin }),
    password,
    isSuperAdmin: true,
  });
  return { token: await signIn(app, email, password), password };
}
