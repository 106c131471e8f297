import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// The contacts endpoint allows 5 posts a minute per address: this file sends two (enquiry and quote).

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The sample catalogue, banners and posts (a production server starts empty); the child inherits this.
  process.env.SAMPLE_DATA = "true";
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

function contactPosted(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/contacts" && response.request().method() === "POST",
  );
}

type ContactDto = { subject: string; messageType: string; request: string; createdBy: string; name: string };

async function contactById(id: string): Promise<ContactDto> {
  const token = await apiSignIn(server, admin.email, admin.password);
  const response = await api<ContactDto>(server, "GET", `/api/contacts/${id}`, token);
  expect(response.status).toBe(200);
  return response.body.data;
}

/** Scrolls to the bottom so the sections that load as the visitor scrolls are there too. */
async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 12; step += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
}

describe("the storefront", () => {
  it("goes from home to a filtered shop to a product, and sends an enquiry after fixing invalid input", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);

    await openPage(page, server.url);
    await expect.poll(visible(page, "Making homes smarter with style.")).toBe(true);
    expect(await page.getByRole("region", { name: "Highlights" }).getAttribute("aria-roledescription")).toBe(
      "carousel",
    );
    expect(await page.title()).toBe("Smart Home Shop — Making homes smarter with style.");

    await page.getByRole("main").getByRole("link", { name: "Shop now", exact: true }).click();
    await page.waitForURL(`${server.url}/shop`);
    // The address changes before the new page replaces the old one on screen (the router renders in a transition).
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Shop" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(6);

    await page.getByLabel("Category").selectOption({ label: "Smart Locks" });
    await page.waitForURL(/\/shop\?category=smart-locks$/);
    await expect.poll(() => page.getByText("2 products").isVisible()).toBe(true);
    const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(names.sort()).toEqual(["Fortress Fingerprint Lock", "Guardian Pro Keypad Lock"]);

    // The filter survives a reload: it lives in the URL.
    await page.reload();
    await expect.poll(() => page.getByText("2 products").isVisible()).toBe(true);
    expect(await page.getByLabel("Category").inputValue()).toBe("smart-locks");

    await page.getByRole("link", { name: "Fortress Fingerprint Lock" }).click();
    await page.waitForURL(`${server.url}/shop/product/fortress-fingerprint-lock`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Fortress Fingerprint Lock" }).isVisible())
      .toBe(true);
    expect(await page.title()).toBe("Fortress Fingerprint Lock — $249.99 | Smart Home Shop");

    await page.getByRole("button", { name: "Get Product Information" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Product Information" });
    await dialog.getByLabel("Full Name").fill("J");
    await dialog.getByLabel("Email Address").fill("not-an-email");
    await dialog.getByLabel("Phone Number").fill("12345");
    await expect.poll(visible(page, "Name must be at least 2 characters")).toBe(true);
    await expect.poll(visible(page, "Please enter a valid email address")).toBe(true);
    await expect.poll(visible(page, "Phone number must be exactly 10 digits")).toBe(true);
    const submit = dialog.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByLabel("Full Name").fill("Jane Doe");
    await dialog.getByLabel("Email Address").fill("jane.doe@example.com");
    await dialog.getByLabel("Phone Number").fill("0123456789");
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const posted = contactPosted(page);
    await submit.click();
    const response = await posted;
    expect(response.status()).toBe(201);
    await expect.poll(visible(page, "Thank You!")).toBe(true);
    await expect.poll(visible(page, "Inquiry Submitted Successfully!")).toBe(true);
    // It closes itself after 2 seconds.
    await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(0);

    const { data } = (await response.json()) as { data: { _id: string } };
    expect(await contactById(data._id)).toMatchObject({
      name: "Jane Doe",
      subject: "Product Buy",
      messageType: "productRequest",
      createdBy: "website",
      request: "Inquiry about Fortress Fingerprint Lock",
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the cart across a reload, updates it in the drawer and sends it as one quote request", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openPage(page, `${server.url}/shop/product/aura-touch-switch-1-gang`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Cart, 1 item" }).isVisible()).toBe(true);

    await page.getByTestId("cart-link").click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByRole("button", { name: "Increase quantity of Aura Touch Switch — 1 Gang" }).click();
    await expect.poll(() => drawer.getByTestId("drawer-total").textContent()).toBe("$99.98");
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByRole("link", { name: "Cart, 2 items" }).isVisible()).toBe(true);
    await page.goto(`${server.url}/cart`);
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe("$99.98");

    await page.getByLabel("Full Name").fill("Sam Buyer");
    await page.getByLabel("Email Address").fill("sam@example.com");
    await page.getByLabel("Phone Number").fill("0987654321");
    const submit = page.getByRole("button", { name: "Request a quote" });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const posted = contactPosted(page);
    await submit.click();
    const response = await posted;
    expect(response.status()).toBe(201);
    await expect.poll(visible(page, "Your quote request has been sent.")).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Cart, 0 items" }).isVisible()).toBe(true);

    const { data } = (await response.json()) as { data: { _id: string } };
    const contact = await contactById(data._id);
    expect(contact).toMatchObject({ subject: "Quote request", messageType: "quoteRequest" });
    expect(contact.request).toContain("2 × Aura Touch Switch — 1 Gang ($49.99)");
    expect(contact.request).toContain("Total: $99.98");
    await context.close();
  });

  it("signs up for the newsletter from the footer", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openPage(page, `${server.url}/about`);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => footer.getByText("Please enter a valid email").isVisible()).toBe(true);

    await footer.getByPlaceholder("Your email").fill("fan@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => footer.getByText("Subscribed successfully!").isVisible()).toBe(true);
    expect(await footer.getByPlaceholder("Your email").inputValue()).toBe("");
    await context.close();
  });

  it.each(["/", "/shop", "/shop/product/guardian-pro-keypad-lock", "/blog"])(
    "has no serious or critical accessibility violations on %s",
    async (path) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openPage(page, `${server.url}${path}`);
      await page.waitForLoadState("networkidle");
      await scrollThrough(page);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
      await context.close();
    },
  );
});
