import { describe, expect, it } from "vitest";
import { renderIndex } from "./render.ts";

const template = `<html><head>
    <title>Placeholder</title>
    <meta name="description" content="Placeholder" />
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head><body><div id="root"></div>
  </body></html>`;

const meta = { status: 200, title: "Smart Lock | Shop", description: "A lock", path: "/shop/product/lock" };

describe("the page document", () => {
  it("carries the page's own head, its markup as written, and deferred scripts", () => {
    // "$&" and "$'" are replacement patterns to String.replace: a product's text must come out as written.
    const page = { html: "<title>Hoisted</title><p>Save $&amp; more, $' off</p>", state: '{"a":1}' };
    const html = renderIndex(template, meta, "https://shop.test", [], page);
    expect(html).toContain("<p>Save $&amp; more, $' off</p>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Smart Lock | Shop</title>");
    expect(html).not.toContain("Placeholder");
    expect(html).toContain('<script type="application/json" id="ssr-state">{"a":1}</script>');
    expect(html).toContain('<script type="module" src="/boot.js"></script>');
    expect(html).not.toContain('src="/assets/index-Ab12.js"></script>');
  });

  it("keeps the entry script of a page the browser renders, and tells pages apart by template", () => {
    const html = renderIndex(template, meta, "https://shop.test");
    expect(html).toContain('src="/assets/index-Ab12.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    const other = renderIndex(template.replace("index-Ab12", "index-Zz99"), meta, "https://shop.test");
    expect(other).toContain("index-Zz99");
  });
});
