import { imageUrlSchema } from "@shop/shared/schemas/products";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { securityHeadersPlugin } from "./security-headers.ts";

/** The sources a CSP directive lists, falling back to default-src as browsers do. */
async function imageSources(): Promise<string[]> {
  const app = Fastify();
  await app.register(securityHeadersPlugin);
  app.get("/", () => "ok");
  const answer = await app.inject({ url: "/" });
  await app.close();
  const directives = new Map(
    String(answer.headers["content-security-policy"])
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources] as const),
  );
  return directives.get("img-src") ?? directives.get("default-src") ?? [];
}

/** Whether a browser on the shop's own origin would load this image under those sources (CSP level 3 matching, the cases we use). */
function allows(sources: string[], url: string): boolean {
  const self = "https://shop.example";
  const target = new URL(url, self);
  if (target.origin === self) return sources.includes("'self'");
  return sources.includes("*") || sources.includes(target.protocol) || sources.includes(target.origin);
}

it("lets the storefront show every image address staff may save, and refuses what a page served over HTTPS cannot show", async () => {
  const sources = await imageSources();
  for (const url of ["/uploads/products/a.webp", "/images/hero.webp", "https://cdn.example.com/p/aura.webp"]) {
    expect(imageUrlSchema.safeParse(url).success, url).toBe(true);
    expect(allows(sources, url), url).toBe(true);
  }
  // Plain http: blocked as mixed content on an HTTPS shop, so it is refused where staff type it.
  expect(imageUrlSchema.safeParse("http://cdn.example.com/p/aura.webp").success).toBe(false);
  expect(allows(sources, "http://cdn.example.com/p/aura.webp")).toBe(false);
});
