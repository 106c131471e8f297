import { describe, expect, it } from "vitest";
import { call, signIn, testAdmin } from "../harness.ts";
import { createSecurityApp, label, quickestRequest, routeTable, unknownId } from "./support.ts";

/**
 * Finding 4: deep JSON burnt the CPU before its 400, and public routes took 1 MB bodies. A deep
 * body is refused before it is parsed, on every route; a public write takes what its schema can
 * hold and no more (16 KB at most).
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);

const json = { "content-type": "application/json" };
const deepArrays = (bytes: number) => `${"[".repeat(bytes / 2)}${"]".repeat(bytes / 2)}`;
const deepObjects = (bytes: number) => {
  const depth = Math.floor(bytes / 6);
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
};

/** Refusing a deep body is a scan of its text: a few milliseconds even for 1 MB. */
const refusalBudgetMs = 50;

describe.each([
  { name: "anonymous sign-in", method: "POST", url: "/api/users/login", token: undefined },
  { name: "a staff route", method: "PUT", url: "/api/settings", token: admin },
] as const)("a deeply nested body to $name", (target) => {
  it.each([
    ["arrays, 1 MB", deepArrays(1_000_000)],
    ["objects, 1 MB", deepObjects(1_000_000)],
    ["arrays, 15 KB", deepArrays(15_000)],
    ["objects, 15 KB", deepObjects(15_000)],
  ])("%s is refused at once, never parsed", async (_name, payload) => {
    const { ms, response } = await quickestRequest(refusalBudgetMs, () =>
      app.inject({
        method: target.method,
        url: target.url,
        headers: { ...json, ...(target.token && { authorization: `Bearer ${target.token}` }) },
        payload,
      }),
    );
    const what = `${target.method} ${target.url} → ${response.statusCode} in ${ms.toFixed(0)} ms: ${response.body.slice(0, 200)}`;
    expect([400, 413], what).toContain(response.statusCode);
    if (response.statusCode === 400) expect(response.json().message, what).toMatch(/nested too deeply/);
    expect(ms, what).toBeLessThan(refusalBudgetMs);
  });
});

it("still parses a body as deep as the deepest schema (a campaign audience by tags)", async () => {
  const tag = await call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/newsletter-tags/tags",
    token: admin,
    body: { name: "Deep enough" },
  });
  const response = await call(app, {
    method: "POST",
    url: "/api/compose-mail/audience-count",
    token: admin,
    body: { audience: { type: "tags", tagIds: [tag.body.data._id] } },
  });
  expect(response.status, response.text).toBe(200);
});

/** A body each public write takes as it comes from the shop's own forms and mail clients. */
const realistic: Record<string, { payload: string; type: string; status: number; limit?: number }> = {
  "POST /api/users/login": {
    payload: JSON.stringify({ email: testAdmin.email, password: testAdmin.password }),
    type: "application/json",
    status: 200,
  },
  "POST /api/contacts": {
    payload: JSON.stringify({
      name: "Zoë Ångström",
      email: "zoe@example.com",
      phone: "0123456789",
      subject: "Which hub works with my thermostat?",
      // A long enquiry in words of two-byte letters: 10 KB.
      request: "Ünïcödé ".repeat(625),
      messageType: "general",
    }),
    type: "application/json",
    status: 201,
  },
  "POST /api/newsletter/subscriber": {
    payload: JSON.stringify({ email: "reader@example.com" }),
    type: "application/json",
    status: 200,
  },
  // Account recovery and second factors (issue 17): read, then answered for what the body says.
  "POST /api/users/forgot-password": {
    payload: JSON.stringify({ email: "forgetful@example.com" }),
    type: "application/json",
    status: 200,
  },
  "POST /api/users/reset-password": {
    payload: JSON.stringify({ token: "A".repeat(43), password: "a-new-password" }),
    type: "application/json",
    status: 400,
  },
  "POST /api/users/login/second-factor": {
    payload: JSON.stringify({ challenge: "not.a.challenge", method: "totp", code: "123456" }),
    type: "application/json",
    status: 401,
  },
  "POST /api/users/login/passkey/options": { payload: "{}", type: "application/json", status: 200 },
  "POST /api/users/login/passkey": {
    payload: JSON.stringify({
      credential: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      },
    }),
    type: "application/json",
    status: 401,
  },
  // Bounce webhooks (issue 18): read, then refused for want of the relay's secret or signature. SendGrid
  // posts batches of up to about 768 KB and an SNS message may be 256 KB, so those two take more.
  "POST /api/bounces": {
    payload: JSON.stringify({ email: "gone@example.com", kind: "hard", reason: "550 5.1.1 user unknown" }),
    type: "application/json",
    status: 401,
  },
  "POST /api/bounces/postmark": {
    payload: JSON.stringify({ RecordType: "Bounce", Type: "HardBounce", Email: "gone@example.com" }),
    type: "application/json",
    status: 401,
  },
  "POST /api/bounces/sendgrid": {
    payload: JSON.stringify([{ email: "gone@example.com", event: "bounce", reason: "x".repeat(400) }]),
    type: "application/json",
    status: 401,
    limit: 1024 * 1024,
  },
  "POST /api/bounces/ses": {
    payload: JSON.stringify({ Type: "Notification", Message: "{}".padEnd(20_000) }),
    type: "text/plain; charset=UTF-8",
    status: 401,
    limit: 300 * 1024,
  },
  // RFC 8058 one-click: the link is not valid here, but the body is read and the token checked.
  "POST /unsubscribe/:token": {
    payload: "List-Unsubscribe=One-Click",
    type: "application/x-www-form-urlencoded",
    status: 404,
  },
  // The double opt-in page's button posts an empty form.
  "POST /confirm/:token": { payload: "", type: "application/x-www-form-urlencoded", status: 404 },
};

const publicWrites = [
  ...routeTable(app).filter((route) => route.access.kind === "public"),
  { method: "POST", url: "/unsubscribe/:token" },
  { method: "POST", url: "/confirm/:token" },
]
  .filter((route) => !["GET", "HEAD", "OPTIONS"].includes(route.method))
  .map(label);

describe("public writes", () => {
  it("are all listed here with a realistic body", () => {
    expect(publicWrites.sort()).toEqual(Object.keys(realistic).sort());
  });

  it.each(publicWrites)(
    "%s refuses a body over its limit (16 KB unless it says) with 413 and takes a realistic one",
    async (route) => {
      const [method, url] = route.split(" ") as ["POST", string];
      const path = url.replace(":token", unknownId);
      const { payload, type, status, limit = 16 * 1024 } = realistic[route] ?? { payload: "", type: "", status: 0 };
      // JSON whatever the route reads: it is what an attacker sends.
      const big = JSON.stringify({ email: `${"x".repeat(limit + 1024)}@example.com` });
      const refused = await app.inject({ method, url: path, headers: json, payload: big });
      expect(refused.statusCode, `${route} took ${big.length} bytes: ${refused.body.slice(0, 200)}`).toBe(413);
      const taken = await app.inject({ method, url: path, headers: { "content-type": type }, payload });
      expect(taken.statusCode, `${route}: ${taken.body.slice(0, 200)}`).toBe(status);
    },
  );
});
