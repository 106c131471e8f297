import { copy } from "@shop/shared/copy";
import { heroBannerSizes, imageAtWidth, productImageSizes } from "@shop/shared/images";
import { formatUsd } from "@shop/shared/money";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { getPublishedPost } from "../blog/service.ts";
import { listLiveBanners } from "../hero-banners/service.ts";
import { getProduct } from "../products/service.ts";

export type PageMeta = {
  status: number;
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
  /** The page's largest image, fetched early with the same srcset and sizes the page uses. */
  leadImage?: { src: string; sizes: string };
};

const site = "Smart Home Shop";
const titled = (title: string) => `${title} | ${site}`;

const staticPages: Record<string, Omit<PageMeta, "status" | "path">> = {
  "/": {
    title: `${site} — ${copy.tagline}`,
    description: `${copy.taglineLong} Smart touch switches, smart locks and smart sensors.`,
  },
  "/shop": {
    title: titled("Shop smart switches, locks and sensors"),
    description:
      "Browse smart touch switches, smart locks and environmental sensors that work with Alexa, Google Home and Apple HomeKit.",
  },
  "/category": {
    title: titled("Categories"),
    description: "Smart Touch Switches, Smart Locks and Smart Sensors: find the right devices for every room.",
  },
  "/smart-locks": {
    title: titled("Smart Locks"),
    description:
      "Keyless entry with keypad, fingerprint and app access, auto-lock and an entry log. Find the smart lock for your door.",
  },
  "/smart-switches": {
    title: titled("Smart Touch Switches"),
    description: "Glass touch switches that fit a standard wall box, with scenes, schedules and voice control.",
  },
  "/about": {
    title: titled("About us"),
    description: `We make homes smarter with style: premium automation solutions for modern living.`,
  },
  "/contact": {
    title: titled("Contact us"),
    description:
      "Questions about a product, an installation or an order? Send us a message and our team will reply within 24 hours.",
  },
  "/terms": {
    title: titled("Terms & Conditions"),
    description: "The terms that apply when you use our website and buy from Smart Home Shop.",
  },
  "/privacy": {
    title: titled("Privacy Policy"),
    description: "What personal data Smart Home Shop collects, why, and the choices you have.",
  },
  "/blog": {
    title: titled("Blog"),
    description: "Guides to smart switches, smart locks and sensors: how to choose, install and automate.",
  },
  "/cart": { title: titled("Your cart"), description: "Review your selection and request a quote.", noindex: true },
  "/login": { title: titled("Sign in"), description: "Staff sign-in.", noindex: true },
  "/forgot-password": { title: titled("Reset your password"), description: "Staff password reset.", noindex: true },
  "/reset-password": { title: titled("Set a new password"), description: "Staff password reset.", noindex: true },
  "/two-factor-setup": {
    title: titled("Set up two-factor sign-in"),
    description: "Staff two-factor sign-in.",
    noindex: true,
  },
};

function notFoundPage(path: string): PageMeta {
  return {
    status: 404,
    path,
    title: titled("Page not found"),
    description: "This page does not exist.",
    noindex: true,
  };
}

async function orNotFound(path: string, load: () => Promise<PageMeta>): Promise<PageMeta> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return notFoundPage(path);
    throw error;
  }
}

/** A product's or a post's address: its fixed part in any letters, then one segment. */
const itemPage = /^\/(shop\/product|blog)\/([^/]+)$/i;

/** The path with its fixed part in small letters: a product's slug or a post's keeps its own. */
function lowerFixedPart(path: string): string {
  const lower = path.toLowerCase();
  if (Object.hasOwn(staticPages, lower)) return lower;
  const item = itemPage.exec(path);
  return item ? `/${item[1]?.toLowerCase()}/${item[2]}` : path;
}

/**
 * The address the browser's router shows this path as, when that differs from the path: without trailing
 * slashes, its fixed part in small letters (the router matches case-insensitively). Whether a page is
 * there is pageMeta's to say. Never an address a browser reads as another site's: "//host" or "/\host".
 */
export function canonicalPagePath(path: string): string | undefined {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end -= 1;
  const canonical = lowerFixedPart(path.slice(0, end));
  if (canonical === path || /^\/[/\\]/.test(canonical)) return undefined;
  return canonical;
}

/** Title, description and sharing tags for one public URL, read from the same services as the API. */
export async function pageMeta(db: Db, path: string, publicUrl: string): Promise<PageMeta> {
  const known = staticPages[path];
  if (path === "/" && known) {
    const [banner] = await listLiveBanners(db);
    return {
      status: 200,
      path,
      type: "website",
      ...known,
      ...(banner && { leadImage: { src: banner.image, sizes: heroBannerSizes } }),
    };
  }
  if (known) return { status: 200, path, type: "website", ...known };
  if (path === "/admin" || path.startsWith("/admin/")) {
    return { status: 200, path, title: titled("Back office"), description: "Staff back office.", noindex: true };
  }

  const product = /^\/shop\/product\/([^/]+)$/.exec(path);
  if (product?.[1]) {
    const id = decodeURIComponent(product[1]);
    return orNotFound(path, async () => {
      const item = await getProduct(db, id);
      const image = item.image ? absolute(publicUrl, imageAtWidth(item.image, 1600)) : undefined;
      return {
        status: 200,
        path: `/shop/product/${item.slug}`,
        title: titled(storefrontCopy.titles.product(item.name, formatUsd(item.price))),
        description: summary(item.description),
        type: "product",
        ...(image && { image }),
        ...(item.image && { leadImage: { src: item.image, sizes: productImageSizes } }),
        jsonLd: {
          "@context": "https://schema.org",
          "@type": "Product",
          name: item.name,
          description: item.description,
          sku: item._id,
          ...(image && { image: [image] }),
          brand: { "@type": "Brand", name: site },
          category: item.category?.name,
          offers: {
            "@type": "Offer",
            price: item.price.toFixed(2),
            priceCurrency: "USD",
            availability: `https://schema.org/${item.inStock ? "InStock" : "OutOfStock"}`,
            url: absolute(publicUrl, `/shop/product/${item.slug}`),
          },
          ...(item.reviewCount > 0 && {
            aggregateRating: { "@type": "AggregateRating", ratingValue: item.rating, reviewCount: item.reviewCount },
          }),
        },
      };
    });
  }

  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post?.[1]) {
    const slug = decodeURIComponent(post[1]);
    return orNotFound(path, async () => {
      const item = await getPublishedPost(db, slug);
      const image = item.coverImage ? absolute(publicUrl, imageAtWidth(item.coverImage, 1600)) : undefined;
      return {
        status: 200,
        path,
        title: titled(item.title),
        description: summary(item.excerpt || item.body),
        type: "article",
        ...(image && { image }),
        jsonLd: {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: item.title,
          description: item.excerpt,
          author: { "@type": "Person", name: item.author },
          ...(item.publishedAt && { datePublished: item.publishedAt }),
          ...(image && { image }),
        },
      };
    });
  }
  return notFoundPage(path);
}

export function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
}

function summary(text: string): string {
  const plain = text
    .replace(/[#*_>`[\]()|-]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= 160) return plain;
  // Cut at the last space: white space is single spaces by now, and a word is not cut in half.
  const cut = plain.slice(0, 157);
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace < 0 ? cut : cut.slice(0, lastSpace)}…`;
}
