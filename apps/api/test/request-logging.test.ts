import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "./harness.ts";

const webDist = mkdtempSync(path.join(tmpdir(), "shop-web-"));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
mkdirSync(path.join(webDist, "assets"));
writeFileSync(path.join(webDist, "assets", "index-AbCd1234.js"), "console.log(1)");
writeFileSync(path.join(webDist, "favicon.svg"), "<svg/>");
writeFileSync(
  path.join(webDist, "index.html"),
  "<!doctype html><html><head><title>Shop</title></head><body></body></html>",
);

type LogLine = { level: number; msg: string; req?: { url: string } };
const metricsToken = "metrics-token-for-the-log-test";
const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});
// At debug every request is written, so the test sees which level each one gets.
const { app, database } = await createTestApp({
  config: { LOG_LEVEL: "debug", WEB_DIST: webDist, METRICS_TOKEN: metricsToken },
  logStream,
});

const info = 30;
/** The levels of the request lines (incoming, completed) written while serving one request. */
async function requestLogLevels(url: string, expectedStatus: number, headers = {}): Promise<number[]> {
  lines.length = 0;
  const response = await app.inject({ url, headers });
  expect(response.statusCode).toBe(expectedStatus);
  return lines
    .filter((line) => line.msg === "incoming request" || line.msg === "request completed")
    .map((line) => line.level);
}

describe("request logging", () => {
  it("writes static assets at debug only, so the info log stays readable", async () => {
    const assets = ["/assets/index-AbCd1234.js", "/favicon.svg"];
    for (const url of assets) {
      const levels = await requestLogLevels(url, 200);
      expect(levels.length, url).toBeGreaterThan(0);
      expect(
        levels.every((level) => level < info),
        url,
      ).toBe(true);
    }
  });

  it("writes health checks and metrics at debug only", async () => {
    const levels = await requestLogLevels("/api/health", 200);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((level) => level < info)).toBe(true);
    const metrics = await requestLogLevels("/metrics", 200, { authorization: `Bearer ${metricsToken}` });
    expect(metrics.length).toBeGreaterThan(0);
    expect(metrics.every((level) => level < info)).toBe(true);
  });

  it("keeps API requests and pages at info", async () => {
    const api = await requestLogLevels("/api/categories", 200);
    expect(api).toContain(info);
    const page = await requestLogLevels("/about", 200);
    expect(page).toContain(info);
  });

  it("keeps a failing health check and a missing asset at info", async () => {
    const ping = vi.spyOn(database, "ping").mockRejectedValueOnce(new Error("down"));
    expect((await requestLogLevels("/api/health", 503)).some((level) => level >= info)).toBe(true);
    ping.mockRestore();
    expect((await requestLogLevels("/assets/missing-AbCd1234.js", 404)).some((level) => level >= info)).toBe(true);
  });
});
