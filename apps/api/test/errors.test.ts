import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();

describe("bad input and the envelope", () => {
  it("answers malformed JSON with 400, not 500", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: "The request body is not valid JSON" });
  });

  it("answers a JSON body over 1 MB with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.c", password: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await call(app, { url: "/api/nothing-here" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: "Route not found" });
  });

  it("answers an address with broken percent-encoding with a 400 in the shop's own words, API or page", async () => {
    const api = await app.inject({ url: "/api/products/%E0%A4%A" });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ success: false, message: "The address is not valid" });
    const page = await app.inject({ url: "/shop/product/%E0%A4%A" });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain("FST_ERR");
    expect(page.body).toContain("The address is not valid");
  });

  it("never shows a stack trace, even for odd input", async () => {
    const token = await signIn(app);
    const odd = [
      "/api/users/get-all-users?page=-1",
      "/api/users/get-all-users?limit=100000",
      "/api/users/get-all-users?page=abc",
      "/api/users/get-all-users?search=%00%27%22",
      "/api/activity-logs?from=yesterday",
    ];
    for (const url of odd) {
      const response = await call(app, { url, token });
      expect(response.status, url).toBeLessThan(500);
      expect(response.text, url).not.toMatch(/\.ts:\d+|stack/i);
    }
  });
});

describe("health and headers", () => {
  it("reports the database as up", async () => {
    const response = await call(app, { url: "/api/health" });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it("sends a strict CSP, nosniff, no framing and no-store on API answers", async () => {
    const response = await call(app, { url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    const scriptSources = csp.split(";").filter((directive) => directive.includes("script-src"));
    expect(scriptSources.join(";")).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});
