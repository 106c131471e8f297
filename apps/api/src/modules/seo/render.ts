import { imageAtWidth, imageSrcSet } from "@shop/shared/images";
import { escapeHtml } from "../../lib/escape-html.ts";
import { deferScripts } from "./deferred-scripts.ts";
import type { PageMeta } from "./page-meta.ts";
import { absolute } from "./page-meta.ts";
import type { RenderedPage } from "./storefront-renderer.ts";

function leadImageTag(image: PageMeta["leadImage"]): string {
  if (!image) return "";
  const srcset = imageSrcSet(image.src);
  const href = escapeHtml(imageAtWidth(image.src, 800));
  return srcset
    ? `<link rel="preload" as="image" href="${href}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(image.sizes)}" fetchpriority="high" />`
    : `<link rel="preload" as="image" href="${href}" fetchpriority="high" />`;
}

/** JSON-LD inside <script> must not be able to close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * What React hoists into the document from a page: its <title>, and preload hints it puts first. The head
 * already carries this page's title (from `meta`) and its lead image preload. React escapes `<` in text, so
 * a title holds none, and no match can run past the next tag: the scan is linear.
 */
const hoisted = /<title>[^<]*<\/title>|^(?:<link\b[^<>]*\/>)+/g;

/** Server-rendered markup inside #root, and the JSON the browser hydrates it with right after. */
function withPage(html: string, page: RenderedPage | undefined): string {
  if (!page) return html;
  // A function, so a "$&" in a product's text is not read as a replacement pattern.
  return html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${page.html.replace(hoisted, "")}</div>\n    <script type="application/json" id="ssr-state">${page.state}</script>`,
  );
}

/**
 * The built index.html without its placeholder title and description, and for rendered pages with its
 * scripts deferred: the same for every page, so made once rather than by regular expressions over the
 * whole document (inline stylesheet included) on every render.
 */
const bareTemplates = new Map<boolean, { template: string; bare: string }>();
function bareTemplate(template: string, deferred: boolean): string {
  const known = bareTemplates.get(deferred);
  if (known?.template === template) return known.bare;
  const stripped = template
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[^<>]*\/>\s*/, "");
  const bare = deferred ? deferScripts(stripped) : stripped;
  bareTemplates.set(deferred, { template, bare });
  return bare;
}

/**
 * The built index.html with this page's title, description, canonical URL, sharing tags and preloads,
 * and, for a page rendered on the server, its markup.
 */
export function renderIndex(
  template: string,
  meta: PageMeta,
  publicUrl: string,
  preloads: string[] = [],
  page?: RenderedPage,
): string {
  const url = absolute(publicUrl, meta.path);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta.noindex ? `<meta name="robots" content="noindex" />` : "",
    `<meta property="og:site_name" content="Smart Home Shop" />`,
    `<meta property="og:type" content="${meta.type ?? "website"}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : "",
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    meta.jsonLd ? `<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>` : "",
    leadImageTag(meta.leadImage),
    ...preloads,
  ]
    .filter(Boolean)
    .join("\n    ");
  return withPage(bareTemplate(template, page !== undefined), page).replace("</head>", () => `    ${tags}\n  </head>`);
}
