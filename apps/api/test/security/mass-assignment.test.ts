import { createHash, randomBytes } from "node:crypto";
import { allPermissionNames } from "@shop/shared/permissions";
import { describe, expect, it } from "vitest";
import { passwordResetTokens } from "../../src/db/schema/index.ts";
import { call, createStaff, signIn, testAdmin } from "../harness.ts";
import { createSoftAuthenticator } from "../soft-authenticator.ts";
import {
  codeAt,
  enrolTotp,
  passkeyPrompt,
  passwordChallenge,
  registerSoftPasskey,
  type WebauthnOptions,
} from "../two-factor-helpers.ts";
import { createSecurityApp, fingerprint, label, type Method, routeTable, unknownId, whoAmI } from "./support.ts";

/**
 * Privilege and bookkeeping fields sent alongside an otherwise valid body must be refused (400),
 * not silently dropped or, worse, written. Each row also sends the same body without them and
 * expects success, which proves the 400 came from the extra keys alone.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const adminId = await whoAmI(app, admin);
const unique = () => Math.random().toString(36).slice(2, 8);
// Public writes are rate limited per address: each anonymous request comes from its own.
let ip = 0;
const nextIp = () => {
  ip += 1;
  return `198.51.100.${ip}`;
};

async function created(method: Method, url: string, body: object, token?: string) {
  const response = await call<{ _id: string }>(app, {
    method,
    url,
    body,
    ...(token ? { token } : { ip: nextIp() }),
  });
  if (response.status >= 300) throw new Error(`${method} ${url} failed: ${response.text}`);
  return response.body.data?._id ?? "";
}

// One record of every kind, made through the API itself.
const staff = await createStaff(app, admin, ["product:view-products"]);
const administrator = (
  await call<{ roles: { _id: string; name: string }[] }>(app, { url: "/api/roles/get-all-role", token: admin })
).body.data.roles.find((role) => role.name === "Administrator");
const categoryId = await created("POST", "/api/categories", { name: `Category ${unique()}` }, admin);
const subcategoryId = await created("POST", "/api/subcategories", { category: categoryId, name: "Sub" }, admin);
const productId = await created(
  "POST",
  "/api/products",
  { name: "Plug", price: 10, description: "A plug", category: categoryId },
  admin,
);
const bannerId = await created("POST", "/api/hero-banners", { title: "Banner", image: "/images/a.webp" }, admin);
const contact = { name: "Visitor", email: "visitor@example.com", phone: "0123456789", subject: "Hi", request: "Hello" };
const contactId = await created("POST", "/api/contacts", contact);
const subscriberEmail = `reader-${unique()}@example.com`;
await created("POST", "/api/newsletter/subscriber", { email: subscriberEmail });
const subscriberId = (
  await call<{ subscribers: { _id: string }[] }>(app, {
    url: `/api/newsletter/get-all-subscriber?search=${subscriberEmail}`,
    token: admin,
  })
).body.data.subscribers[0]?._id;
const tagId = await created("POST", "/api/newsletter-tags/tags", { name: `Tag ${unique()}` }, admin);
// Second factors (issue 17): a pending TOTP key for the staff member, a user with TOTP half-way
// through a sign-in, one with a passkey, and passkey prompts handed out before the rows run.
const pendingTotp = await call<{ secret: string }>(app, {
  method: "POST",
  url: "/api/users/two-factor/totp/setup",
  token: staff.token,
});
const totpUser = await createStaff(app, admin, []);
const { secret: totpSecret } = await enrolTotp(app, totpUser.token);
const loginChallenge = await passwordChallenge(app, totpUser.email, totpUser.password);
const passkeyUser = await createStaff(app, admin, []);
const { authenticator: passkeyAuthenticator } = await registerSoftPasskey(app, passkeyUser.token);
const passkeySignInPrompt = await passkeyPrompt(app);
const passkeyRegistration = (
  await call<WebauthnOptions>(app, {
    method: "POST",
    url: "/api/users/two-factor/passkeys/options",
    token: staff.token,
  })
).body.data;
// Password reset (issue 17): a live link for a person of their own, since a reset signs them out everywhere.
const resetUser = await createStaff(app, admin, []);
const resetToken = randomBytes(32).toString("base64url");
await app.db.insert(passwordResetTokens).values({
  userId: resetUser.userId,
  tokenHash: createHash("sha256").update(resetToken).digest("hex"),
  expiresAt: new Date(Date.now() + 3_600_000),
});
const campaign = { subject: "News", html: "<p>Hello</p>", audience: { type: "all" } };
const draftId = await created("POST", "/api/compose-mail", campaign, admin);
const toScheduleId = await created("POST", "/api/compose-mail", campaign, admin);
const toSendId = await created("POST", "/api/compose-mail", campaign, admin);
const postId = await created("POST", "/api/blog/posts", { title: "A post", body: "Words" }, admin);
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();

/** What an attacker would like to set; each route is sent those its schema does not name. */
const privileged: Record<string, unknown> = {
  isSuperAdmin: true,
  role: administrator?._id,
  roleId: administrator?._id,
  permissions: allPermissionNames,
  isActive: false,
  status: "active",
  _id: unknownId,
  id: unknownId,
  createdAt: "2000-01-01T00:00:00.000Z",
};

type Row = { method: Method; url: string; body: () => object; caller: "admin" | "staff" | "anonymous" };
const row = (method: Method, url: string, body: () => object, caller: Row["caller"] = "admin"): Row => ({
  method,
  url,
  body,
  caller,
});

const rows: Row[] = [
  row("POST", "/api/users/login", () => ({ email: testAdmin.email, password: testAdmin.password }), "anonymous"),
  row("POST", "/api/users", () => ({
    name: "New Person",
    email: `new-${unique()}@example.com`,
    phone: "0123456789",
    role: staff.roleId,
    password: "new-password",
  })),
  row("PUT", `/api/users/${staff.userId}`, () => ({ isActive: true })),
  row("PUT", `/api/users/update-user/${staff.userId}`, () => ({ name: "Renamed Staff" })),
  row("PUT", "/api/users/profile", () => ({ name: "Staff Self" }), "staff"),
  row(
    "PUT",
    "/api/users/change-password",
    () => ({ currentPassword: staff.password, newPassword: "a-new-password" }),
    "staff",
  ),
  row("POST", "/api/users/two-factor/totp/confirm", () => ({ code: codeAt(pendingTotp.body.data.secret) }), "staff"),
  row(
    "POST",
    "/api/users/login/second-factor",
    () => ({ challenge: loginChallenge, method: "totp", code: codeAt(totpSecret, 1) }),
    "anonymous",
  ),
  row("POST", "/api/users/login/passkey/options", () => ({}), "anonymous"),
  row(
    "POST",
    "/api/users/login/passkey",
    () => ({ credential: passkeyAuthenticator.authenticate(passkeySignInPrompt) }),
    "anonymous",
  ),
  row(
    "POST",
    "/api/users/two-factor/passkeys",
    () => ({ name: "Desk key", credential: createSoftAuthenticator(app.publicUrl).register(passkeyRegistration) }),
    "staff",
  ),
  row("POST", "/api/users/forgot-password", () => ({ email: `forgot-${unique()}@example.com` }), "anonymous"),
  row("POST", "/api/users/reset-password", () => ({ token: resetToken, password: "a-new-password" }), "anonymous"),
  row("POST", "/api/roles/create-role", () => ({ name: `Role ${unique()}` })),
  row("PUT", `/api/roles/update-role/${staff.roleId}`, () => ({ description: "Changed" })),
  row("POST", "/api/categories", () => ({ name: `Category ${unique()}` })),
  row("PUT", `/api/categories/${categoryId}`, () => ({ description: "Changed" })),
  row("POST", "/api/subcategories", () => ({ category: categoryId, name: `Sub ${unique()}` })),
  row("PUT", `/api/subcategories/${subcategoryId}`, () => ({ description: "Changed" })),
  row("POST", "/api/products", () => ({ name: "Bulb", price: 5, description: "A bulb", category: categoryId })),
  row("PUT", `/api/products/${productId}`, () => ({ price: 12 })),
  row("POST", "/api/hero-banners", () => ({ title: "Another", image: "/images/b.webp" })),
  row("PUT", "/api/hero-banners/reorder", () => ({ ids: [bannerId] })),
  row("PUT", `/api/hero-banners/${bannerId}`, () => ({ title: "Renamed" })),
  row("POST", "/api/contacts", () => contact, "anonymous"),
  row("PUT", `/api/contacts/${contactId}`, () => ({ status: "inProgress" })),
  row("POST", `/api/contacts/${contactId}/replies`, () => ({ body: "Thanks, we will call you." })),
  row("POST", `/api/contacts/${contactId}/notes`, () => ({ body: "Called back." })),
  row("PUT", `/api/contacts/${contactId}/assignee`, () => ({ userId: adminId })),
  row("POST", "/api/newsletter/subscriber", () => ({ email: `fan-${unique()}@example.com` }), "anonymous"),
  row("POST", "/api/newsletter-tags/tags", () => ({ name: `Tag ${unique()}` })),
  row("PUT", `/api/newsletter-tags/update-tags/${tagId}`, () => ({ description: "Changed" })),
  row("PUT", `/api/newsletter/update-subscriber/${subscriberId}`, () => ({ email: subscriberEmail })),
  row("POST", "/api/newsletter/assign-bulk-tags", () => ({ tagIds: [tagId], subscriberIds: [subscriberId] })),
  row("POST", "/api/compose-mail/audience-count", () => ({ audience: { type: "all" } })),
  row("POST", "/api/compose-mail", () => campaign),
  row("PUT", `/api/compose-mail/${draftId}`, () => ({ subject: "Changed" })),
  row("POST", `/api/compose-mail/${draftId}/test`, () => ({ email: "tester@example.com" })),
  row("POST", `/api/compose-mail/${toScheduleId}/schedule`, () => ({ scheduledAt: future })),
  row("POST", "/api/emailhistory/send-mail", () => ({ mailId: toSendId })),
  row("POST", "/api/blog/preview", () => ({ body: "# Title" })),
  row("POST", "/api/blog/posts", () => ({ title: "Another post", body: "More words" })),
  row("PUT", `/api/blog/posts/${postId}`, () => ({ title: "Renamed post" })),
  row("PUT", "/api/settings", () => ({ storeName: "Smart Home Shop" })),
];

/** Writes that take no JSON body at all (multipart, or nothing): there is nothing to smuggle into. */
const bodiless = new Set([
  "POST /api/users/logout",
  "POST /api/users/two-factor/totp/setup",
  "POST /api/users/two-factor/totp/disable",
  "POST /api/users/two-factor/recovery-codes",
  "POST /api/users/:id/reset-two-factor",
  "POST /api/users/two-factor/passkeys/options",
  "POST /api/users/:id/send-password-reset",
  "POST /api/users/sessions/sign-out-others",
  "POST /api/upload/multiple",
  "POST /api/csv/import-preview",
  "POST /api/csv/import-jobs",
  "POST /api/csv/import-csv",
  "POST /api/compose-mail/:id/unschedule",
  "POST /api/emailhistory/:id/pause",
  "POST /api/emailhistory/:id/resume",
  "POST /api/emailhistory/:id/cancel",
  "POST /api/mail-delivery/:id/retry",
]);

/**
 * Bounce webhooks (issue 18): their bodies come from relays, which add fields at will, so SendGrid's,
 * SES's and Postmark's schemas stay open; the handlers read only what maps to a delivery event and
 * assign nothing from the rest. All four are refused (401) before validation without the relay's
 * secret; the generic one's closed body is checked in bounce-webhooks.test.ts.
 */
const relayed = new Set([
  "POST /api/bounces",
  "POST /api/bounces/sendgrid",
  "POST /api/bounces/ses",
  "POST /api/bounces/postmark",
]);

const document = app.swagger() as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
};
type JsonSchema = { properties?: Record<string, unknown>; additionalProperties?: boolean };
const routes = routeTable(app).filter((route) => ["POST", "PUT", "PATCH"].includes(route.method));
/** The route a concrete URL lands on: a literal segment beats a parameter, as in Fastify's router. */
const pattern = (method: string, url: string) => {
  const same = routes.filter((route) => route.method === method);
  const exact = same.find((route) => route.url === url);
  // redos-safe: our own route URLs, anchored, each parameter one [^/]+ run that cannot cross the literal slashes.
  const matching = same.find((route) => new RegExp(`^${route.url.replace(/:\w+/g, "[^/]+")}$`).test(url));
  return (exact ?? matching)?.url ?? url;
};
const bodySchema = (method: string, url: string) =>
  document.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()]?.requestBody?.content["application/json"]
    ?.schema;
const tokenOf = (caller: Row["caller"]) => (caller === "admin" ? admin : caller === "staff" ? staff.token : undefined);

describe("mass assignment", () => {
  it("covers every write that takes a JSON body, and every such body is a closed object", () => {
    const covered = new Set(rows.map((r) => `${r.method} ${pattern(r.method, r.url)}`));
    const missing = routes.map(label).filter((name) => !covered.has(name) && !bodiless.has(name) && !relayed.has(name));
    expect(missing).toEqual([]);
    for (const route of routes) {
      if (bodiless.has(label(route)) || relayed.has(label(route))) continue;
      expect(bodySchema(route.method, route.url)?.additionalProperties, label(route)).toBe(false);
    }
  });

  it.each(rows.map((r) => [`${r.method} ${pattern(r.method, r.url)}`, r] as const))("%s", async (_name, r) => {
    const allowed = Object.keys(bodySchema(r.method, pattern(r.method, r.url))?.properties ?? {});
    const extras = Object.keys(privileged).filter((key) => !allowed.includes(key));
    expect(extras.length).toBeGreaterThan(0);
    const body = r.body();
    const token = tokenOf(r.caller);
    const who = token ? { token } : { ip: nextIp() };

    const before = await fingerprint(app.db);
    const smuggled = Object.fromEntries(extras.map((key) => [key, privileged[key]]));
    const refused = await call(app, { method: r.method, url: r.url, body: { ...body, ...smuggled }, ...who });
    expect(refused.status, refused.text).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(expect.arrayContaining(extras));
    expect(await fingerprint(app.db)).toBe(before);

    const accepted = await call(app, { method: r.method, url: r.url, body, ...who });
    expect(accepted.status, accepted.text).toBeLessThan(300);
  });

  it("refuses extra keys inside nested objects too", async () => {
    const before = await fingerprint(app.db);
    const nested: { url: string; body: object }[] = [
      { url: "/api/compose-mail", body: { ...campaign, audience: { type: "all", isSuperAdmin: true } } },
      { url: "/api/compose-mail/audience-count", body: { audience: { type: "all", _id: unknownId } } },
      {
        url: "/api/newsletter/assign-bulk-tags",
        body: { tagIds: [tagId], filter: { status: "subscribed", isActive: false } },
      },
    ];
    for (const { url, body } of nested) {
      const response = await call(app, { method: "POST", url, token: admin, body });
      expect(response.status, url).toBe(400);
    }
    expect(await fingerprint(app.db)).toBe(before);
  });

  it("never lets the caller's own privileges change along the way", async () => {
    const me = await call<{ _id: string; isSuperAdmin: boolean; role: { _id: string } }>(app, {
      url: "/api/users/get-user",
      token: staff.token,
    });
    expect(me.body.data).toMatchObject({ _id: staff.userId, isSuperAdmin: false, role: { _id: staff.roleId } });
    expect(adminId).not.toBe(staff.userId);
  });
});
