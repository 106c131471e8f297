import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { passwordResetTokens } from "../../src/db/schema/index.ts";
import { queryRows } from "../../src/lib/sql.ts";
import { suppress } from "../../src/modules/newsletter/suppressions.ts";
import { call, createStaff, signIn, testAdmin } from "../harness.ts";
import { multipart } from "../multipart.ts";
import { createSoftAuthenticator } from "../soft-authenticator.ts";
import {
  codeAt,
  enrolTotp,
  passkeyPrompt,
  passwordChallenge,
  registerSoftPasskey,
  type WebauthnOptions,
} from "../two-factor-helpers.ts";
import type { Method } from "./support.ts";
import { webhookProbes } from "./webhook-fixtures.ts";

/** One request of a write route, with a valid body, against a record made for it alone. */
export type Probe = {
  url: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: ReturnType<typeof multipart>;
  /** A session of its own, for routes that end or narrow the caller's sessions; a webhook's bearer token. */
  token?: string;
  /** A webhook's credentials or signature. */
  headers?: Record<string, string>;
};

type Admin = { app: FastifyInstance; admin: string };

export type FixtureContext = Admin & {
  /** A disposable person holding what the probing caller holds, signed in. */
  lookalike: () => Promise<{ token: string; password: string }>;
};

type Fixture = (context: FixtureContext) => Promise<Probe>;

let counter = 0;
const unique = () => {
  counter += 1;
  return `${counter}-${Math.random().toString(36).slice(2, 7)}`;
};
// Public writes are rate limited per address: each anonymous probe comes from its own.
let address = 0;
export const nextIp = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function made(context: Admin, url: string, body: unknown, method: Method = "POST"): Promise<string> {
  const response = await call<{ _id: string }>(context.app, { method, url, body, token: context.admin });
  if (response.status >= 300) throw new Error(`${method} ${url} failed: ${response.status} ${response.text}`);
  return response.body.data._id;
}

const emptyRole = (c: Admin) => made(c, "/api/roles/create-role", { name: `Empty ${unique()}`, permissions: [] });
const person = async (c: FixtureContext) =>
  made(c, "/api/users", {
    name: "Probe Person",
    email: `probe-${unique()}@example.com`,
    phone: "0123456789",
    role: await emptyRole(c),
    password: "probe-password",
  });
/** A live reset link for a new person: its hash is stored as the forgot-password email would. */
async function resetToken(c: FixtureContext): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await c.app.db.insert(passwordResetTokens).values({
    userId: await person(c),
    tokenHash: createHash("sha256").update(token).digest("hex"),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}
/** A lookalike signed in twice: the second session's token, and the first session's id to end. */
async function secondSession(c: FixtureContext): Promise<{ other: string; token: string }> {
  const first = await c.lookalike();
  const me = await call<{ email: string }>(c.app, { url: "/api/users/get-user", token: first.token });
  const token = await signIn(c.app, me.body.data.email, first.password);
  const listed = await call<{ _id: string; current: boolean }[]>(c.app, { url: "/api/users/sessions", token });
  const other = listed.body.data.find((session) => !session.current)?._id;
  if (!other) throw new Error(`no other session listed: ${listed.text}`);
  return { other, token };
}
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
  "POST /api/users/login": async () => ({
    url: "/api/users/login",
    body: { email: testAdmin.email, password: testAdmin.password },
  }),
  "POST /api/users/logout": async (c) => ({ url: "/api/users/logout", token: (await c.lookalike()).token }),
  "PUT /api/users/profile": async () => ({
    url: "/api/users/profile",
    body: { name: "Own Name", phone: "0987654321" },
  }),
  "PUT /api/users/change-password": async (c) => {
    const { token, password } = await c.lookalike();
    return {
      url: "/api/users/change-password",
      token,
      body: { currentPassword: password, newPassword: "new-password" },
    };
  },
  "POST /api/users": async (c) => ({
    url: "/api/users",
    body: {
      name: "New Person",
      email: `new-${unique()}@example.com`,
      phone: "0123456789",
      role: await emptyRole(c),
      password: "new-password",
    },
  }),
  "PUT /api/users/update-user/:id": async (c) => ({
    url: `/api/users/update-user/${await person(c)}`,
    body: { name: "Renamed Person", phone: "0987654321", role: await emptyRole(c) },
  }),
  "PUT /api/users/:id": async (c) => ({ url: `/api/users/${await person(c)}`, body: { isActive: false } }),
  "POST /api/users/login/second-factor": async (c) => {
    const staff = await createStaff(c.app, c.admin, []);
    const { secret } = await enrolTotp(c.app, staff.token);
    const challenge = await passwordChallenge(c.app, staff.email, staff.password);
    return { url: "/api/users/login/second-factor", body: { challenge, method: "totp", code: codeAt(secret, 1) } };
  },
  "POST /api/users/two-factor/totp/setup": async () => ({ url: "/api/users/two-factor/totp/setup" }),
  "POST /api/users/two-factor/totp/confirm": async (c) => {
    const { token } = await c.lookalike();
    const setup = await call<{ secret: string }>(c.app, {
      method: "POST",
      url: "/api/users/two-factor/totp/setup",
      token,
    });
    return { url: "/api/users/two-factor/totp/confirm", token, body: { code: codeAt(setup.body.data.secret) } };
  },
  "POST /api/users/two-factor/totp/disable": async (c) => {
    const { token } = await c.lookalike();
    await enrolTotp(c.app, token);
    return { url: "/api/users/two-factor/totp/disable", token };
  },
  "POST /api/users/two-factor/recovery-codes": async (c) => {
    const { token } = await c.lookalike();
    await enrolTotp(c.app, token);
    return { url: "/api/users/two-factor/recovery-codes", token };
  },
  "POST /api/users/:id/reset-two-factor": async (c) => ({ url: `/api/users/${await person(c)}/reset-two-factor` }),
  "POST /api/users/login/passkey/options": async () => ({ url: "/api/users/login/passkey/options", body: {} }),
  "POST /api/users/login/passkey": async (c) => {
    const staff = await createStaff(c.app, c.admin, []);
    const { authenticator } = await registerSoftPasskey(c.app, staff.token);
    return {
      url: "/api/users/login/passkey",
      body: { credential: authenticator.authenticate(await passkeyPrompt(c.app)) },
    };
  },
  "POST /api/users/two-factor/passkeys/options": async () => ({ url: "/api/users/two-factor/passkeys/options" }),
  "POST /api/users/two-factor/passkeys": async (c) => {
    const { token } = await c.lookalike();
    const options = await call<WebauthnOptions>(c.app, {
      method: "POST",
      url: "/api/users/two-factor/passkeys/options",
      token,
    });
    const credential = createSoftAuthenticator(c.app.publicUrl).register(options.body.data);
    return { url: "/api/users/two-factor/passkeys", token, body: { name: "Probe key", credential } };
  },
  "DELETE /api/users/two-factor/passkeys/:id": async (c) => {
    const { token } = await c.lookalike();
    const { passkey } = await registerSoftPasskey(c.app, token);
    return { url: `/api/users/two-factor/passkeys/${passkey._id}`, token };
  },
  "POST /api/users/forgot-password": async () => ({
    url: "/api/users/forgot-password",
    body: { email: `forgot-${unique()}@example.com` },
  }),
  "POST /api/users/reset-password": async (c) => ({
    url: "/api/users/reset-password",
    body: { token: await resetToken(c), password: "reset-password" },
  }),
  "POST /api/users/:id/send-password-reset": async (c) => ({
    url: `/api/users/${await person(c)}/send-password-reset`,
  }),
  "DELETE /api/users/sessions/:id": async (c) => {
    const { other, token } = await secondSession(c);
    return { url: `/api/users/sessions/${other}`, token };
  },
  "POST /api/users/sessions/sign-out-others": async (c) => ({
    url: "/api/users/sessions/sign-out-others",
    token: (await c.lookalike()).token,
  }),

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

  "POST /api/upload/multiple": async () => ({
    url: "/api/upload/multiple",
    form: multipart([
      { name: "folder", data: "products" },
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
  "PUT /api/blog/posts/:id": async (c) => ({
    url: `/api/blog/posts/${await post(c)}`,
    body: { title: "Renamed post" },
  }),
  "DELETE /api/blog/posts/:id": async (c) => ({ url: `/api/blog/posts/${await post(c)}` }),

  "PUT /api/settings": async () => ({ url: "/api/settings", body: { storeName: "Smart Home Shop" } }),
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
