import { describe, expect, it } from "vitest";
import { heroBannerCreateSchema } from "./hero-banners.ts";

const banner = (ctaLink: string) => ({
  title: "Winter sale",
  image: "/uploads/banners/abcdef0123-800.webp",
  ctaLabel: "Shop now",
  ctaLink,
});
const accepts = (ctaLink: string) => heroBannerCreateSchema.safeParse(banner(ctaLink)).success;

describe("hero banner links", () => {
  it("accepts no link, a path in the shop and an http(s) page", () => {
    for (const link of ["", "/shop", "/products/x?y=1#z", "/shop?category=smart-sensors", "https://example.com/x"]) {
      expect(accepts(link), link).toBe(true);
    }
    expect(accepts("http://example.com")).toBe(true);
  });

  it("refuses every form a browser would take to another site or run as script", () => {
    const refused = [
      "//evil.com",
      "/\\evil.com",
      "\\\\evil.com",
      "\\/evil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      "/\r/evil.com",
      "/%5Cevil.com",
      "/%2F/evil.com",
      "/%2fevil.com",
      "/sh op",
      "/shop\u0000",
      "/\u202e/evil.com",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "https:evil.com",
      "https:/evil.com",
      "https://shop.example@evil.com/",
      "https://",
      "ftp://example.com/file",
      "evil.com",
      "shop",
    ];
    for (const link of refused) expect(accepts(link), JSON.stringify(link)).toBe(false);
  });
});
