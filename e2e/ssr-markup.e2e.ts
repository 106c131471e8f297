import { type ConfigData, HtmlValidate } from "html-validate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

// The storefront's server-rendered pages checked by html-validate's recommended rules, as the built
// product sends them. Only the rules about how markup is spelled, which React writes its own way,
// are set to React's spelling or turned off; everything about meaning (forms, labels, ARIA,
// autocomplete, input types) stays on.

const config: ConfigData = {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // The template's `<!doctype html>` is the spelling the HTML standard itself uses.
    "doctype-style": ["error", { style: "lowercase" }],
    // React closes void elements as `<img … />`, the template does the same.
    "void-style": ["error", { style: "selfclose" }],
    // React writes some attributes as named in JSX (srcSet, dateTime, noValidate); HTML ignores case.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React's useId gives ids like `_R_2b5_`: valid HTML, just not starting with a letter.
    "valid-id": ["error", { relaxed: true }],
    // Off: React writes `disabled=""`, the hand-written head tags a bare `async`; both mean the same.
    "attribute-boolean-style": "off",
    // A deferred section's placeholder reserves its height per use (Deferred's minHeight prop).
    "no-inline-style": ["error", { allowedProperties: ["display", "min-height"] }],
    // Phone numbers are kept on one line by this class, not by &nbsp; and U+2011, which break a pasted number.
    "tel-non-breaking": ["error", { ignoreClasses: ["whitespace-nowrap"] }],
  },
};

let server: RunningServer;
let browser: Browser | undefined;
let blogPost: string;

beforeAll(async () => {
  process.env.SAMPLE_DATA = "true";
  server = await startServer();
  const posts = (await (await fetch(`${server.url}/api/blog/posts`)).json()) as { data: { slug: string }[] };
  const slug = posts.data[0]?.slug;
  if (!slug) throw new Error("the sample content has no blog post");
  blogPost = `/blog/${slug}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every page the server renders, and the cart (rendered in the browser: its document shell). */
const renderedPaths = () => [
  "/",
  "/shop",
  "/smart-locks",
  "/category",
  "/shop/product/fortress-fingerprint-lock",
  "/blog",
  blogPost,
  "/contact",
  "/about",
  "/terms",
  "/privacy",
];

/** html-validate's findings on a page, one line each: rule, message and where. */
async function faults(path: string): Promise<string[]> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const report = await new HtmlValidate(config).validateString(html, `${path}.html`);
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) => `${path} ${message.ruleId}: ${message.message} (${message.selector ?? "document"})`,
    ),
  );
}

describe("server-rendered storefront markup (html-validate recommended)", () => {
  it("has no faults on any rendered page", async () => {
    const found: string[] = [];
    for (const path of renderedPaths()) {
      // Checked as rendered: the page's own content is in the document, not an empty shell.
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, `${path} is rendered on the server`).toMatch(/<main[\s>]/);
      found.push(...(await faults(path)));
    }
    console.info(`html-validate: ${found.length} finding(s) on ${renderedPaths().length} pages`);
    expect(found).toEqual([]);
  });

  it("has no faults in the cart's document shell", async () => {
    expect(await faults("/cart")).toEqual([]);
  });
});

describe("the icons browsers and crawlers ask for", () => {
  it("serves /favicon.ico, which is asked for whatever the page links, and every icon the page links", async () => {
    const ico = await fetch(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file's header: reserved 0, type 1 (icon).
    expect([...new Uint8Array(await ico.arrayBuffer()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const html = await (await fetch(`${server.url}/`)).text();
    const linked = [...html.matchAll(/<link rel="icon"[^>]*href="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(linked).toContain("/favicon.ico");
    for (const href of linked) expect((await fetch(`${server.url}${href}`)).status, href).toBe(200);
  });
});

describe("the /shop filter form without JavaScript", () => {
  it("applies the chosen filters with its submit button, keeping the search", async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop?search=lock`);
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByLabel("Category").selectOption("smart-locks");
    await filters.getByLabel("Minimum price").fill("150");
    await filters.getByLabel("In stock only").check();
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/category=smart-locks/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("search")).toBe("lock");
    expect(params.get("minPrice")).toBe("150");
    expect(params.get("inStock")).toBe("true");
    // The server applied them: the page lists what the API answers for the same filters.
    const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    const query = "search=lock&category=smart-locks&minPrice=150&inStock=true";
    const listed = (await (await fetch(`${server.url}/api/products?${query}`)).json()) as {
      data: { products: { name: string }[] };
    };
    const expected = listed.data.products.map((product) => product.name);
    expect(expected).toContain("Fortress Fingerprint Lock");
    expect(names.toSorted()).toEqual(expected.toSorted());
    await context.close();
  });
});
