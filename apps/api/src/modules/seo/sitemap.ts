import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts, products } from "../../db/schema/index.ts";

const staticPaths = [
  "/",
  "/shop",
  "/category",
  "/smart-locks",
  "/smart-switches",
  "/about",
  "/contact",
  "/blog",
  "/terms",
  "/privacy",
];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const [productRows, postRows] = await Promise.all([
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.status, "active"))
      .orderBy(desc(products.updatedAt))
      .limit(45_000),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, new Date())))
      .limit(5_000),
  ]);
  const entries = [
    ...staticPaths.map((path) => ({ path, lastmod: undefined })),
    ...productRows.map((row) => ({ path: `/shop/product/${row.slug}`, lastmod: row.updatedAt })),
    ...postRows.map((row) => ({ path: `/blog/${row.slug}`, lastmod: row.updatedAt })),
  ];
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
