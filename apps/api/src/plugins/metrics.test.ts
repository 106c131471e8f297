import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";

const token = "metrics-token-0123456789";
const { app } = await createTestApp({ config: { METRICS_TOKEN: token } });

describe("/metrics", () => {
  it("answers only with the metrics token, in Prometheus format, by route pattern", async () => {
    await app.inject({ url: "/api/products/guardian-pro-keypad-lock" });
    expect((await app.inject({ url: "/metrics" })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: "/metrics", headers: { authorization: "Bearer wrong-token-000000000" } })).statusCode,
    ).toBe(401);
    const response = await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="200"} 1',
    );
    expect(response.body).toContain("import_jobs_running 0");
  });
});

describe("/metrics without a token configured", async () => {
  const { app: closed } = await createTestApp();
  it("does not exist", async () => {
    expect((await closed.inject({ url: "/metrics" })).statusCode).toBe(404);
  });
});
