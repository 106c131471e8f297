import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const layout = "src/layouts/public-layout.tsx";
/** Which lazy route modules render each public page (mirrors apps/web/src/app/public-routes.ts). */
const pageModules: [RegExp, string][] = [
  [/^\/$/, "src/features/storefront/home-page.tsx"],
  [/^\/shop$/, "src/features/products/shop-page.tsx"],
  [/^\/shop\/product\/[^/]+$/, "src/features/products/product-detail-page.tsx"],
  [/^\/about$/, "src/features/storefront/about-page.tsx"],
  [/^\/contact$/, "src/features/storefront/contact-page.tsx"],
  [/^\/category$/, "src/features/storefront/category-page.tsx"],
  [/^\/smart-locks$/, "src/features/storefront/smart-locks-page.tsx"],
  [/^\/smart-switches$/, "src/features/storefront/smart-switches-page.tsx"],
  [/^\/blog$/, "src/features/blog/blog-page.tsx"],
  [/^\/blog\/[^/]+$/, "src/features/blog/blog-post-page.tsx"],
  [/^\/cart$/, "src/features/cart/cart-page.tsx"],
  [/^\/login$/, "src/features/auth/login-page.tsx"],
  [/^\/forgot-password$/, "src/features/auth/password-reset/forgot-password-page.tsx"],
  [/^\/reset-password$/, "src/features/auth/password-reset/reset-password-page.tsx"],
  [/^\/two-factor-setup$/, "src/features/auth/two-factor-setup-page.tsx"],
  [/^\/terms$/, "src/features/storefront/terms-page.tsx"],
  [/^\/privacy$/, "src/features/storefront/privacy-page.tsx"],
];

/**
 * `<link rel="modulepreload">` tags for the chunks a public page needs beyond the entry, so the
 * browser fetches them alongside the entry instead of after it has run. Built from Vite's manifest.
 */
export function createRoutePreloads(webDist: string): (pathname: string) => string[] {
  const file = path.join(webDist, ".vite/manifest.json");
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) collect(imported, into, css);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles, new Set());

  const cache = new Map<string, string[]>();
  return (pathname) => {
    const module = pageModules.find(([pattern]) => pattern.test(pathname))?.[1];
    if (!module) return [];
    const cached = cache.get(module);
    if (cached) return cached;
    const files = new Set<string>();
    const css = new Set<string>();
    collect(layout, files, css);
    collect(module, files, css);
    const tags = [
      ...[...files]
        .filter((f) => !entryFiles.has(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
      ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
    ];
    cache.set(module, tags);
    return tags;
  };
}
