import { describe, expect, it } from "vitest";
import { deferScripts } from "./deferred-scripts.ts";

const page = `<html><head>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
    <link rel="modulepreload" crossorigin href="/assets/shop-page-Ef56.js" />
  </head><body><div id="root"><p>Rendered</p></div>
  </body></html>`;

const modulesOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)?.[1] ?? "null");

describe("scripts of a server-rendered page", () => {
  it("leave the head for the list /boot.js loads after the first paint", () => {
    const html = deferScripts(page);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('index-Ab12.js"></script>');
    expect(modulesOf(html)).toEqual({
      entry: "/assets/index-Ab12.js",
      preload: ["/assets/react-Cd34.js", "/assets/shop-page-Ef56.js"],
    });
    expect(html).toMatch(/<script type="module" src="\/boot\.js"><\/script>\s*<\/body>/);
    expect(html).toContain("<p>Rendered</p>");
  });

  it("ask for the script that keeps early clicks and typing first, in the head, without holding up the paint", () => {
    const html = deferScripts(page);
    expect(html).toMatch(/<script src="\/early-input\.js" async fetchpriority="high"><\/script>\s*<\/head>/);
  });

  it("leaves a page without an entry script as it is", () => {
    const bare = "<html><head></head><body></body></html>";
    expect(deferScripts(bare)).toBe(bare);
  });
});
