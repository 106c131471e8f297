import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signInAdmin } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

let server: RunningServer;
let browser: Browser;
let slowProxy: http.Server;
/** The shop behind a network on which the session check (GET /api/users/get-user) takes this long. */
let site: string;
const sessionCheckMs = 2_500;

/**
 * A slow link, the edge of the world: everything passes through at once except the session check,
 * which is held before it reaches the shop.
 */
function startSlowProxy(target: URL): Promise<http.Server> {
  const proxy = http.createServer((request, response) => {
    const forward = () => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => response.destroy());
      request.pipe(upstream);
    };
    if (request.url?.startsWith("/api/users/get-user")) setTimeout(forward, sessionCheckMs);
    else forward();
  });
  return new Promise((resolve) => proxy.listen(0, "127.0.0.1", () => resolve(proxy)));
}

beforeAll(async () => {
  server = await startServer();
  slowProxy = await startSlowProxy(new URL(server.url));
  site = `http://127.0.0.1:${(slowProxy.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  slowProxy?.closeAllConnections();
  await new Promise((resolve) => slowProxy?.close(resolve));
  await server?.stop();
});

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem("persist:auth") ?? "{}").token ?? "null"));

describe("a session on a slow network", () => {
  it("survives an admin address typed while its check is still on the way", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAdmin(page, site);
    const token = await storedToken(page);
    expect(token).toEqual(expect.any(String));

    // A reload: the user is checked again, and the check is slow.
    await page.goto(`${site}/admin`);
    await page.getByRole("status").filter({ hasText: "Checking your session" }).waitFor();
    // Leaving the page cancels the check; that says nothing about the token.
    await page.goto(`${site}/admin/contacts`);
    await page.getByRole("heading", { name: "Contacts" }).first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/admin/contacts");
    expect(await storedToken(page)).toBe(token);
    await context.close();
  });

  it("survives a reload while its check is still on the way", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAdmin(page, site);
    await page.goto(`${site}/admin/contacts`);
    await page.getByRole("status").filter({ hasText: "Checking your session" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Contacts" }).first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/admin/contacts");
    await context.close();
  });
});
