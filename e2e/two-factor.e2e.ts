import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { launchBrowser, openPage, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, freePort, type RunningServer, startServer } from "./server.ts";

// Issue 17's "done when" for two-factor: TOTP enrolment and sign-in with a code computed here from the
// key the page shows, a recovery code, a replay refused; a passkey registered and used through
// Chromium's virtual authenticator; a role requiring two-factor sends a new user to enrolment.
// WebAuthn needs the page's host to be the relying party: PUBLIC_URL is the URL the browser uses,
// http://localhost:<port> (a secure context, and a host name: an IP address cannot be a relying party).

let server: RunningServer;
/** The URL the browser uses, and PUBLIC_URL: WebAuthn takes a host name, not an IP address, as relying party. */
let site = "";
let browser: Browser;
let adminToken = "";
let problems: string[] = [];

const password = "two-factor-pass";
const totpUser = { name: "Tina Totp", email: "tina.totp@example.com", phone: "0123456789", password };
const passkeyUser = { name: "Paul Passkey", email: "paul.passkey@example.com", phone: "0123456789", password };
const enforcedUser = { name: "Rhea Required", email: "rhea.required@example.com", phone: "0123456789", password };

const codeAt = (key: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key.replace(/\s/g, "")), timestamp: Date.now() + steps * 30_000 });

beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = await startServer({ port, env: { PUBLIC_URL: site } });
  adminToken = await apiSignIn(server, admin.email, admin.password);
  const role = await api<{ _id: string }>(server, "POST", "/api/roles/create-role", adminToken, {
    name: "Two-factor Test Role",
    permissions: ["product:view-products"],
  });
  for (const user of [totpUser, passkeyUser]) {
    const created = await api(server, "POST", "/api/users", adminToken, { ...user, role: role.body.data._id });
    expect(created.status).toBe(201);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function passwordStep(page: Page, email: string, secret = password): Promise<void> {
  await openPage(page, `${site}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(secret);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Forgets the session on a page where nothing is changing: cleared right after a sign-in, the
 * store's persistence could still write the token back.
 */
async function signOut(page: Page): Promise<void> {
  await openPage(page, `${site}/login`);
  // A signed-in app goes on from /login to /admin once the admin pages' code is in, and its store
  // writes the session back to localStorage then: let that happen before clearing, not after.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

describe("TOTP", () => {
  let context: BrowserContext;
  let page: Page;
  let key = "";
  let recoveryCodes: string[] = [];
  let lastCode = "";

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    problems = watchConsole(page);
  });
  afterAll(() => context.close());

  it("enrols from the profile page, confirmed by a first code, and shows 10 recovery codes once", async () => {
    await passwordStep(page, totpUser.email);
    await page.waitForURL(`${site}/admin`);
    await page.goto(`${site}/admin/profile`);
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect.poll(() => section.getByRole("img", { name: "QR code" }).isVisible()).toBe(true);
    key = (await section.getByTestId("totp-key").innerText()).trim();
    expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A mis-scan: a code from another key is refused and nothing is turned on.
    await section.getByLabel("Code from the app").fill(codeAt("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"));
    await section.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => section.getByText("That code is not valid. Try again.").isVisible()).toBe(true);

    await section.getByLabel("Code from the app").fill(codeAt(key));
    await section.getByRole("button", { name: "Confirm" }).click();
    const list = section.getByRole("list", { name: "Recovery codes" });
    await expect.poll(() => list.isVisible()).toBe(true);
    recoveryCodes = await list.getByRole("listitem").allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByRole("button", { name: "I have saved them" }).click();
    await expect.poll(() => list.isVisible()).toBe(false);
    await expect.poll(() => section.getByText("10 of 10 left").isVisible()).toBe(true);
  });

  it("asks for a code after the password, on its own step, and signs in with it", async () => {
    await signOut(page);
    await passwordStep(page, totpUser.email);
    await expect.poll(() => page.getByRole("heading", { name: "Two-factor sign-in" }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${site}/login`);
    expect(await seriousViolations(page)).toEqual([]);
    lastCode = codeAt(key, 1);
    await page.getByLabel("Code", { exact: true }).fill(lastCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${site}/admin`);
  });

  it("refuses the same code a second time", async () => {
    await signOut(page);
    await passwordStep(page, totpUser.email);
    await page.getByLabel("Code", { exact: true }).fill(lastCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("That code is not valid. Try again.");
    expect(page.url()).toBe(`${site}/login`);
  });

  it("signs in with a recovery code, once", async () => {
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${site}/admin`);
    // The refused mis-scan (400) and replay (401) are expected failures.
    expect(problems.filter((problem) => !/status of 40[01]/.test(problem))).toEqual([]);
  });

  it("lets a user manager reset it from the Users page, logged, so the password alone signs in", async () => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await passwordStep(adminPage, admin.email, admin.password);
    await adminPage.waitForURL(`${site}/admin`);
    await adminPage.goto(`${site}/admin/manage/users`);
    const row = adminPage.getByRole("row").filter({ hasText: totpUser.email });
    await row.getByRole("button", { name: "Reset two-factor" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Reset two-factor" }).click();
    await expect
      .poll(() => adminPage.getByText("Two-factor sign-in reset", { exact: false }).first().isVisible())
      .toBe(true);
    await adminContext.close();
    const token = await apiSignIn(server, totpUser.email, totpUser.password);
    expect(token).toMatch(/^ey/);
  });
});

describe("passkeys", () => {
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
  });
  afterAll(() => context.close());

  it("registers a named passkey from the profile page and lists it", async () => {
    await passwordStep(page, passkeyUser.email);
    await page.waitForURL(`${site}/admin`);
    await page.goto(`${site}/admin/profile`);
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await section.getByLabel("Passkey name").fill("Work laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    const list = section.getByRole("list", { name: "Passkeys" });
    await expect
      .poll(() => list.getByRole("listitem").allInnerTexts())
      .toEqual([expect.stringContaining("Work laptop")]);
  });

  it("signs in with “Use a passkey”, no password", async () => {
    await signOut(page);
    await openPage(page, `${site}/login`);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(`${site}/admin`);
  });

  it("is asked for as the second factor after the password, and passes it", async () => {
    await signOut(page);
    await passwordStep(page, passkeyUser.email);
    await expect.poll(() => page.getByRole("heading", { name: "Two-factor sign-in" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(`${site}/admin`);
  });
});

describe("a role that requires two-factor", () => {
  it("sends a new user of the role to enrolment before any admin page, then lets them in", async () => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await passwordStep(adminPage, admin.email, admin.password);
    await adminPage.waitForURL(`${site}/admin`);
    await adminPage.goto(`${site}/admin/manage/roles/create`);
    await adminPage.getByLabel("Name").fill("Enforced Role");
    await adminPage.getByRole("checkbox", { name: "Require two-factor sign-in" }).check();
    await adminPage.getByRole("button", { name: "Create role" }).click();
    await adminPage.waitForURL(`${site}/admin/manage/roles`);
    await adminContext.close();
    const roles = await api<{ roles: { _id: string; name: string; requireTwoFactor: boolean }[] }>(
      server,
      "GET",
      "/api/roles/get-all-role",
      adminToken,
    );
    const role = roles.body.data.roles.find((candidate) => candidate.name === "Enforced Role");
    expect(role?.requireTwoFactor).toBe(true);
    const created = await api(server, "POST", "/api/users", adminToken, { ...enforcedUser, role: role?._id });
    expect(created.status).toBe(201);

    const context = await browser.newContext();
    const page = await context.newPage();
    await passwordStep(page, enforcedUser.email);
    await page.waitForURL(`${site}/two-factor-setup`);
    await expect.poll(() => page.getByRole("heading", { name: "Set up two-factor sign-in" }).isVisible()).toBe(true);
    // A reload is served as a page of its own (not a 404), and the guard still holds.
    expect((await page.reload())?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { name: "Set up two-factor sign-in" }).isVisible()).toBe(true);
    // Typing an admin address does not get past it. That opens a new document, which the browser may
    // give the site's storage as it was before the sign-in while a slow renderer's writes are still on
    // their way (seen at 3× CPU slowdown: the token "null", so the guard went home): wait until a page of
    // its own sees the token, as a person's next typed address would.
    const probe = await context.newPage();
    await probe.goto(`${site}/robots.txt`);
    await expect
      .poll(() => probe.evaluate(() => localStorage.getItem("persist:auth")?.includes('"token":"\\"ey') ?? false))
      .toBe(true);
    await probe.close();
    await page.goto(`${site}/admin/products`);
    await page.waitForURL(`${site}/two-factor-setup`);

    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    const key = (await section.getByTestId("totp-key").innerText()).trim();
    await section.getByLabel("Code from the app").fill(codeAt(key));
    await section.getByRole("button", { name: "Confirm" }).click();
    await section.getByRole("button", { name: "I have saved them" }).click();
    // On to the page they were headed for, now that the server answers them.
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${site}/admin/products`);
    await page.getByRole("navigation", { name: "Admin" }).waitFor();
    await context.close();
  });
});
