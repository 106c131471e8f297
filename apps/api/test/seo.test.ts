import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const webDist = mkdtempSync(path.join(tmpdir(), "shop-web-"));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const stylesheet = ".hero{color:teal}";
mkdirSync(path.join(webDist, "assets"));
writeFileSync(path.join(webDist, "assets", "index-AbCd1234.css"), stylesheet);
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html><head><title>Default</title>\n<meta name="description" content="default" />\n<link rel="stylesheet" crossorigin href="/assets/index-AbCd1234.css">\n</head><body><div id="root"></div></body></html>',
);
const { app } = await createTestApp({ config: { WEB_DIST: webDist, PUBLIC_URL: "https://shop.example" } });

const page = async (url: string) => {
  const response = await app.inject({ url });
  return { status: response.statusCode, html: response.body, headers: response.headers };
};

/** The page's first image preload tag, so the checks below stay short patterns over one tag. */
const imagePreload = (html: string) => html.match(/<link rel="preload" as="image"[^<>]*>/)?.[0] ?? "";

describe("pages on a phone's connection", () => {
  it("carries the stylesheet inside the page, so nothing blocks the first paint", async () => {
    const { html } = await page("/about");
    expect(html).toContain(`<style>${stylesheet}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
  });

  it("is sent compressed to a browser that takes brotli or gzip, and as it is otherwise", async () => {
    const plain = await app.inject({ url: "/shop" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const brotli = await app.inject({ url: "/shop", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gzip = await app.inject({ url: "/shop", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe("pages as search engines and link previews see them", () => {
  it("gives the home page its title, description and canonical URL", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toContain("<title>Smart Home Shop — Making homes smarter with style.</title>");
    expect(html).toContain('<link rel="canonical" href="https://shop.example/" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The first hero banner is fetched early, with the variant the carousel will pick.
    const hero = imagePreload(html);
    expect(hero).toMatch(/^<link rel="preload" as="image" href="\/uploads\/banners\/[a-f0-9]+-800\.webp" /);
    expect(hero).toMatch(/ imagesrcset="[^",\s]+ 400w, [^",\s]+ 800w, [^",\s]+ 1600w" /);
    expect(hero).toContain(' imagesizes="(min-width: 1024px)');
    expect(html).not.toContain('content="default"');
  });

  it("gives a product page its name, price, image and JSON-LD Product", async () => {
    const { status, html } = await page("/shop/product/guardian-pro-keypad-lock");
    expect(status).toBe(200);
    expect(html).toContain("<title>Guardian Pro Keypad Lock — $199.99 | Smart Home Shop</title>");
    expect(imagePreload(html)).toMatch(/ href="\/uploads\/products\/[a-f0-9]+-800\.webp" /);
    expect(html.match(/<meta property="og:image"[^<>]*>/)?.[0]).toMatch(
      / content="https:\/\/shop\.example\/uploads\/products\/[a-f0-9]+-1600\.webp" \/>$/,
    );
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: "Guardian Pro Keypad Lock",
      offers: { price: "199.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
  });

  it("writes a product's price in its title as the product page does, with thousands separators", async () => {
    const token = await signIn(app);
    const categories = await call<{ _id: string }[]>(app, { url: "/api/categories" });
    const created = await call<{ slug: string }>(app, {
      method: "POST",
      url: "/api/products",
      token,
      body: { name: "Estate Gateway", price: 1234, description: "A hub.", category: categories.body.data[0]?._id },
    });
    expect(created.status).toBe(201);
    const { html } = await page(`/shop/product/${created.body.data.slug}`);
    expect(html).toContain("<title>Estate Gateway — $1,234.00 | Smart Home Shop</title>");
    expect(html).toContain('<meta property="og:title" content="Estate Gateway — $1,234.00 | Smart Home Shop" />');
  });

  it("answers unknown pages and products with 404 and noindex, and the admin with noindex", async () => {
    for (const url of ["/shop/product/nothing", "/no-such-page"]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root">');
    }
    expect((await page("/admin/products")).html).toContain('content="noindex"');
  });

  it("sends a page's address with a trailing slash or other capitals to the page, query kept, with 301", async () => {
    // The browser's router shows these as the page; the server must not call them missing and noindex.
    const moved = {
      "/shop/?category=smart-locks&page=2": "/shop?category=smart-locks&page=2",
      "/smart-locks/": "/smart-locks",
      "/About": "/about",
      "/CONTACT/": "/contact",
      "/shop/product/guardian-pro-keypad-lock/": "/shop/product/guardian-pro-keypad-lock",
      "/Shop/Product/guardian-pro-keypad-lock": "/shop/product/guardian-pro-keypad-lock",
      "/blog/smart-locks-explained/": "/blog/smart-locks-explained",
    };
    for (const [url, location] of Object.entries(moved)) {
      const { status, headers } = await page(url);
      expect(status, url).toBe(301);
      expect(headers.location, url).toBe(location);
    }
  });

  it("redirects only to a page that exists, and never off the site", async () => {
    // "//host/" trimmed would be "//host", which a browser reads as another site's address.
    for (const url of ["/no-such-page/", "/shop/product/nothing/", "//evil.example/", "///evil.example/"]) {
      const { status, headers } = await page(url);
      expect(status, url).toBe(404);
      expect(headers.location, url).toBeUndefined();
    }
    expect((await page("/")).status).toBe(200);
  });

  it("escapes what it puts in the head", async () => {
    const { html } = await page("/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("lists products, posts and pages in the sitemap and keeps robots out of the admin", async () => {
    const sitemap = await page("/sitemap.xml");
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.html).toContain("<loc>https://shop.example/shop/product/fortress-fingerprint-lock</loc>");
    expect(sitemap.html).toContain("<loc>https://shop.example/blog/smart-locks-explained</loc>");
    expect(sitemap.html).toContain("<loc>https://shop.example/smart-locks</loc>");
    const robots = await page("/robots.txt");
    expect(robots.html).toContain("Disallow: /admin");
    expect(robots.html).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
