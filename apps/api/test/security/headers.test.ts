import { describe, expect, it } from "vitest";
import { call, signIn } from "../harness.ts";
import { createSecurityApp, fillPath, label, type Method, routeTable, unknownId } from "./support.ts";

/** Browser-facing protections: what every answer carries, and what only some may. */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const { app: proxied } = await createSecurityApp({ config: { TRUST_PROXY: "127.0.0.1" } });

const foreign = "https://evil.example";
const listed = "https://shop.example.com";
const { app: open } = await createSecurityApp({ config: { CORS_ORIGINS: `${listed}, http://localhost:5173` } });

/** A spread of answers: JSON, errors, HTML pages, text, the API description. */
const samples: { url: string; token?: string }[] = [
  { url: "/api/health" },
  { url: "/api/products" },
  { url: "/api/users/get-user" },
  { url: "/api/users/get-user", token: admin },
  { url: "/api/no-such-route" },
  { url: "/api/docs" },
  { url: "/robots.txt" },
  { url: "/sitemap.xml" },
  { url: "/unsubscribe/not-a-real-token" },
  { url: "/some/page" },
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? "", values]),
  );
}

describe("headers on every answer", () => {
  it.each(samples.map((sample) => [`${sample.token ? "signed-in " : ""}${sample.url}`, sample] as const))(
    "%s",
    async (_name, sample) => {
      const { headers } = await call(app, sample);
      const csp = directives(String(headers["content-security-policy"] ?? ""));
      const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain("*");
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
        headers["referrer-policy"],
      );
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(headers["strict-transport-security"]).toBeUndefined();
    },
  );
});

describe("HSTS", () => {
  it("is sent when a trusted proxy says the request came over HTTPS", async () => {
    const { headers } = await call(proxied, { url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    const hsts = String(headers["strict-transport-security"] ?? "");
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
  });

  it("is absent over plain HTTP, behind the proxy or not", async () => {
    expect((await call(proxied, { url: "/api/health" })).headers["strict-transport-security"]).toBeUndefined();
    const plain = await call(proxied, { url: "/api/health", headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("ignores a forwarded protocol when no proxy is trusted", async () => {
    const { headers } = await call(app, { url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("caching of signed-in answers", () => {
  // Every route, public ones too: a signed-in caller may be shown more than the public, so no cache may keep it.
  it("is Cache-Control: no-store on every API answer to a signed-in caller, errors included", async () => {
    const wrong: string[] = [];
    for (const route of routeTable(app)) {
      if (route.url.endsWith("/logout")) continue;
      const method = route.method as Method;
      const response = await call(app, {
        method,
        url: fillPath(route.url, unknownId),
        token: admin,
        ...(method !== "GET" && method !== "DELETE" && { body: {} }),
      });
      const cacheControl = String(response.headers["cache-control"] ?? "");
      if (!cacheControl.split(/,\s*/).includes("no-store")) {
        wrong.push(`${label(route)} (${response.status}): "${cacheControl}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps a valid answer to a signed-in caller out of the public cache", async () => {
    const signedIn = await call(app, { url: "/api/products?status=all", token: admin });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["cache-control"]).toContain("no-store");
    expect(signedIn.headers.etag).toBeUndefined();
  });
});

describe("CORS", () => {
  it("sends no Access-Control-Allow-* to a foreign origin by default", async () => {
    for (const request of [
      { url: "/api/products", headers: { origin: foreign } },
      { url: "/api/users/get-user", token: admin, headers: { origin: foreign } },
      { method: "POST" as const, url: "/api/users/login", body: {}, headers: { origin: foreign } },
    ]) {
      const { headers } = await call(app, request);
      const allowHeaders = Object.keys(headers).filter((name) => name.startsWith("access-control-"));
      expect(allowHeaders, request.url).toEqual([]);
    }
  });

  it("answers a preflight without allowing anything", async () => {
    const response = await app.inject({
      method: "OPTIONS",
      url: "/api/users/get-user",
      headers: {
        origin: foreign,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(Object.keys(response.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("CORS with an allow-list", () => {
  it("echoes a listed origin (never *) and varies on Origin", async () => {
    const { headers } = await call(open, { url: "/api/products", headers: { origin: listed } });
    expect(headers["access-control-allow-origin"]).toBe(listed);
    expect(String(headers.vary ?? "")).toMatch(/origin/i);
  });

  it("answers a listed origin's preflight with the methods and headers it may use", async () => {
    const response = await open.inject({
      method: "OPTIONS",
      url: "/api/users/get-user",
      headers: {
        origin: listed,
        "access-control-request-method": "PUT",
        "access-control-request-headers": "authorization",
      },
    });
    expect(response.statusCode).toBeLessThan(300);
    expect(response.headers["access-control-allow-origin"]).toBe(listed);
    expect(String(response.headers["access-control-allow-methods"])).toContain("PUT");
    expect(String(response.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
  });

  it("still allows nothing to an origin that is not listed, nor to a look-alike", async () => {
    for (const origin of [foreign, `${listed}.evil.example`, "https://evil-shop.example.com", "null"]) {
      const simple = await call(open, { url: "/api/products", headers: { origin } });
      expect(simple.headers["access-control-allow-origin"], origin).toBeUndefined();
      const preflight = await open.inject({
        method: "OPTIONS",
        url: "/api/users/get-user",
        headers: { origin, "access-control-request-method": "PUT" },
      });
      // Without an allowed origin, any method or header list the preflight carries is of no use to the browser.
      expect(preflight.headers["access-control-allow-origin"], origin).toBeUndefined();
      expect(preflight.headers["access-control-allow-credentials"], origin).toBeUndefined();
    }
  });
});
