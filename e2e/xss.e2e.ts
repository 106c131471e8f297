import { crc32, deflateSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// Stored HTML is rendered as text everywhere (issue 8, "Injection"). Hostile strings go in through the
// real API, then Chromium visits every page that shows them. Each payload sets window.__xss and calls
// alert(), so a run is caught three ways: a dialog, the flag, or (if the CSP blocked the handler) the
// injected element itself left in the DOM. The production server starts without sample data.

const img = `<img src=x onerror="__xss=1;alert(1)">`;
const script = `<script>__xss=2;alert(2)</script>`;
const svg = `"><svg onload="__xss=3;alert(3)">`;
const jsUrl = "javascript:alert(4)";
const all = `${img} ${script} ${svg} ${jsUrl}`;

const hostile = {
  category: `Cat ${svg}`,
  product: { name: `Lamp ${img}`, description: `Desc ${all}`, feature: `Feat ${script}`, specKey: `Spec ${svg}` },
  post: { title: `Post ${img}`, excerpt: `Excerpt ${all}` },
  banner: { title: `Banner ${img}`, subtitle: `Sub ${svg}`, ctaLabel: jsUrl },
  tag: { name: `Tag ${img}`, description: `Tagdesc ${all}` },
  role: { name: `Role ${svg}`, description: `Roledesc ${script}` },
  user: { name: `User ${img}`, email: "xss.user@example.com" },
  contact: { name: `Visitor ${svg}`, subject: `Subject ${img}`, request: `Message ${all}` },
  // Email syntax allows no <, > or =: an apostrophe is the worst an address can carry.
  subscriber: "o'neil'+xss@example.com",
};
// Raw HTML in Markdown: the server sanitises post bodies, so none of this may reach the page.
const postBody = [
  "Body text before.",
  "<script>__xss=5;alert(5)</script>",
  `<img src=x onerror="__xss=6;alert(6)">`,
  "[click me](javascript:alert(7))",
  `<a href="javascript:__xss=8" onclick="__xss=9">raw link</a>`,
  "Body text after.",
].join("\n\n");

let server: RunningServer;
let browser: Browser;
let adminContext: BrowserContext;
let token: string;
let bannerImage: string;
const ids: Record<string, string> = {};

async function create(url: string, body: unknown, as: string | undefined = token): Promise<string> {
  const response = await api<{ _id: string }>(server, "POST", url, as, body);
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`POST ${url} → ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body.data?._id;
}

/** A 4×4 teal PNG (signature, IHDR, IDAT, IEND), so the banner has a real uploaded image. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const frame = Buffer.alloc(8);
    frame.writeUInt32BE(data.length, 0);
    frame.writeUInt32BE(crc32(body), 4);
    return Buffer.concat([frame.subarray(0, 4), body, frame.subarray(4)]);
  };
  const header = Buffer.from([0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0]);
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [13, 148, 136]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat([row, row, row, row]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function uploadImage(folder: string): Promise<string> {
  const form = new FormData();
  form.append("folder", folder);
  form.append("images", new Blob([new Uint8Array(png())], { type: "image/png" }), "xss.png");
  const response = await fetch(`${server.url}/api/upload/multiple`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { data: { urls: string[] } };
  if (response.status !== 201) throw new Error(`upload → ${response.status}: ${JSON.stringify(body)}`);
  return body.data.urls[0] as string;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiSignIn(server, admin.email, admin.password);

  ids.category = await create("/api/categories", { name: hostile.category });
  ids.product = await create("/api/products", {
    name: hostile.product.name,
    price: 10,
    description: hostile.product.description,
    category: ids.category,
    features: [hostile.product.feature],
    specifications: { [hostile.product.specKey]: jsUrl },
  });
  ids.post = await create("/api/blog/posts", {
    title: hostile.post.title,
    slug: "xss-post",
    excerpt: hostile.post.excerpt,
    body: postBody,
    status: "published",
  });
  bannerImage = await uploadImage("banners");
  await create("/api/hero-banners", { ...hostile.banner, image: bannerImage, ctaLink: "/shop" });
  ids.tag = await create("/api/newsletter-tags/tags", hostile.tag);
  await create("/api/newsletter/subscriber", { email: hostile.subscriber }, undefined);
  ids.role = await create("/api/roles/create-role", { ...hostile.role, permissions: [] });
  await create("/api/users", { ...hostile.user, phone: "5550100300", role: ids.role, password: "xss-user-pass" });
  await create("/api/contacts", { ...hostile.contact, email: "visitor@example.com", phone: "5550100400" }, undefined);

  const found = await api<object>(server, "GET", "/api/newsletter/get-all-subscriber?search=neil", token);
  const subscriber = Object.values(found.body.data).find(Array.isArray)?.[0] as { _id: string };
  await create("/api/newsletter/assign-bulk-tags", { tagIds: [ids.tag], subscriberIds: [subscriber._id] });

  adminContext = await browser.newContext();
  const login = await adminContext.newPage();
  await login.goto(`${server.url}/login`);
  await login.getByLabel("Email").fill(admin.email);
  await login.getByLabel("Password").fill(admin.password);
  await login.getByRole("button", { name: "Sign in" }).click();
  await login.waitForURL(`${server.url}/admin`);
  await login.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a page must never contain once hostile text is on it: markup that came from the data. */
function injectedMarkup(): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.getAttributeNames()) {
      if (/^on/i.test(attribute)) found.push(`<${element.localName} ${attribute}>`);
    }
    const link = element.getAttribute("href") ?? element.getAttribute("src") ?? "";
    if (/^\s*javascript:/i.test(link)) found.push(`<${element.localName} href=${link}>`);
  }
  // (Post bodies may hold <img> by design: the sanitiser keeps the tag and drops its handlers.) JSON data blocks
  // (structured data, a server-rendered page's state) never run; anything breaking out of one is a script here.
  for (const tag of document.querySelectorAll(
    "script:not([src]):not([type='application/ld+json']):not([type='application/json'])",
  )) {
    found.push(`inline <script>${tag.textContent?.slice(0, 40)}`);
  }
  return found;
}

type Visit = {
  path: string | (() => string);
  admin?: boolean;
  texts?: string[];
  open?: (page: Page) => Promise<void>;
  /** Texts that appear only after `open` (in a modal). */
  after?: string[];
  /** Console errors this page is expected to log. */
  expectedErrors?: RegExp;
};

/** Waits for the hostile string to be on screen as text; on failure, says what the page showed instead. */
async function shows(page: Page, text: string) {
  try {
    // Visible matches only: a hidden <option> of a filter may hold the same text.
    const onScreen = page.getByText(text).filter({ visible: true });
    await expect.poll(() => onScreen.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  } catch {
    const body = (await page.locator("body").innerText()).slice(0, 3000);
    throw new Error(`"${text}" is not shown as text on ${page.url()}; the page shows:\n${body}`);
  }
}

async function visit({ path, admin: asAdmin, texts = [], open, after = [], expectedErrors }: Visit) {
  const context = asAdmin ? adminContext : await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    await openPage(page, `${server.url}${typeof path === "string" ? path : path()}`);
    for (const text of texts) await shows(page, text);
    if (open) await open(page);
    for (const text of after) await shows(page, text);
    await page.waitForTimeout(300); // an <img onerror> fires on the failed load, a moment after insertion
    expect(dialogs, "dialogs opened").toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), "window.__xss").toBeUndefined();
    expect(await page.evaluate(injectedMarkup), "markup injected from data").toEqual([]);
    const unexpected = expectedErrors ? problems.filter((problem) => !expectedErrors.test(problem)) : problems;
    expect(unexpected, "console errors and CSP violations").toEqual([]);
  } finally {
    await page.close();
    if (!asAdmin) await context.close();
  }
}

const visibleButton = (page: Page, name: string | RegExp) => page.getByRole("button", { name }).first();

describe("stored HTML is shown as text", () => {
  it("the API refuses a javascript: link and sanitises the post body it stores", async () => {
    const banner = await api(server, "POST", "/api/hero-banners", token, {
      title: "Link test",
      image: bannerImage,
      ctaLink: jsUrl,
    });
    expect(banner.status).toBe(400);
    const post = await api<{ html: string }>(server, "GET", "/api/blog/posts/xss-post");
    expect(post.status).toBe(200);
    expect(post.body.data.html).toContain("Body text before.");
    expect(post.body.data.html).toContain("Body text after.");
    expect(post.body.data.html).not.toMatch(/<script|onerror|onclick|javascript:|__xss/i);
  });

  const storefront: [string, Visit][] = [
    ["home page and its hero banner", { path: "/", texts: Object.values(hostile.banner) }],
    ["shop list", { path: "/shop", texts: [hostile.product.name] }],
    [
      "product page",
      {
        path: () => `/shop/product/${ids.product}`,
        texts: [hostile.product.name, hostile.product.description, hostile.product.feature, hostile.product.specKey],
      },
    ],
    ["blog list", { path: "/blog", texts: [hostile.post.title, hostile.post.excerpt] }],
    [
      "blog post",
      {
        path: "/blog/xss-post",
        texts: [hostile.post.title, "Body text before.", "Body text after."],
        // The sanitiser keeps the body's <img src=x> (without its handler): its load fails, by design.
        expectedErrors: /^Failed to load resource: the server responded with a status of 404/,
      },
    ],
    ["category page", { path: "/category" }],
    ["contact page", { path: "/contact" }],
  ];
  for (const [name, target] of storefront) it(`storefront: ${name}`, () => visit(target));

  it("storefront: server-rendered <head> tags carry the raw text escaped, never as markup", async () => {
    for (const url of [`/shop/product/${ids.product}`, "/blog/xss-post"]) {
      const html = await (await fetch(`${server.url}${url}`)).text();
      expect(html, url).not.toMatch(/<img src=x|<svg onload|<script>__xss/);
    }
    const page = await browser.newPage();
    await openPage(page, `${server.url}/shop/product/${ids.product}`);
    await expect.poll(() => page.title()).toContain(hostile.product.name);
    await page.close();
  });

  const backOffice: [string, Visit][] = [
    ["dashboard", { path: "/admin" }],
    ["products", { path: "/admin/products", texts: [hostile.product.name] }],
    ["categories", { path: "/admin/products/categories", texts: [hostile.category] }],
    [
      "product edit form",
      {
        path: () => `/admin/products/edit/${ids.product}`,
        open: async (page) => {
          const name = page.getByLabel("Name", { exact: true });
          await expect.poll(() => name.inputValue()).toBe(hostile.product.name);
        },
      },
    ],
    ["hero banners", { path: "/admin/hero-banners", texts: [hostile.banner.title] }],
    ["blog posts", { path: "/admin/blog", texts: [hostile.post.title] }],
    [
      "blog editor preview (server-rendered HTML)",
      {
        path: () => `/admin/blog/edit/${ids.post}`,
        open: async (page) => page.getByRole("tab", { name: "Preview" }).click(),
        after: ["Body text before.", "Body text after."],
      },
    ],
    [
      "contacts and the enquiry quick view",
      {
        path: "/admin/contacts",
        texts: [hostile.contact.name],
        open: async (page) => visibleButton(page, `View ${hostile.contact.name}'s request`).click(),
        after: [hostile.contact.subject, hostile.contact.request],
      },
    ],
    ["tags", { path: "/admin/tags", texts: [hostile.tag.name, hostile.tag.description] }],
    [
      "subscribers and the subscriber quick view",
      {
        path: "/admin/newsletters/subscribers",
        texts: [hostile.subscriber],
        open: async (page) => page.getByText(hostile.subscriber).first().click(),
        after: [hostile.tag.name],
      },
    ],
    ["users", { path: "/admin/manage/users", texts: [hostile.user.name] }],
    ["roles", { path: "/admin/manage/roles", texts: [hostile.role.name] }],
    [
      "activity log and its details",
      {
        path: "/admin/activity-logs",
        texts: [hostile.product.name],
        open: async (page) => {
          const row = page.getByRole("row").filter({ hasText: hostile.product.name }).first();
          await row.getByRole("button", { name: "View details" }).click();
        },
        after: ["Activity Details"],
      },
    ],
    ["compose mail (tag picker)", { path: "/admin/compose-mail" }],
  ];
  for (const [name, target] of backOffice) {
    it(`back office: ${name}`, () => visit({ ...target, admin: true }));
  }
});
