import sharp from "sharp";
import type { Db } from "../db/client.ts";
import { blogPosts, categories, heroBanners, products, subcategories } from "../db/schema/index.ts";
import { storeImage } from "../modules/uploads/images.ts";
import { createLocalStore, type FileStore } from "../modules/uploads/storage.ts";
import { bannerArtwork, type DeviceKind, type PaletteName, productArtwork } from "./artwork.ts";
import { sampleBanners, sampleCategories, samplePosts, sampleProducts } from "./content.ts";

type Folder = "products" | "banners" | "categories" | "blog";

/** The same drawing in the same folder is rasterised once per run. */
const rendered = new Map<string, Promise<string>>();
function rasterise(store: FileStore, folder: Folder, svg: string): Promise<string> {
  const key = `${folder}:${svg}`;
  let url = rendered.get(key);
  if (!url) {
    url = sharp(Buffer.from(svg))
      .png({ compressionLevel: 0 })
      .toBuffer()
      .then(async (png) => (await storeImage(store, folder, png)).url);
    rendered.set(key, url);
  }
  return url;
}

const productShot = (store: FileStore, [kind, palette]: [DeviceKind, PaletteName], angle = 0) =>
  rasterise(store, "products", productArtwork(kind, palette, angle));
const bannerShot = (store: FileStore, folder: "banners" | "blog", [kind, palette]: [DeviceKind, PaletteName]) =>
  rasterise(store, folder, bannerArtwork(kind, palette));

/**
 * The storefront's sample catalogue, banners and posts, with artwork drawn as SVG and rasterised
 * through the upload pipeline. Runs once, on a database with no categories.
 */
export async function seedSampleContent(db: Db, store: FileStore): Promise<void> {
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return;

  // Two drawings at a time, one a core; the inserts below then pick up the memoised results. All at once
  // held every uncompressed PNG and its decoded pixels together: on PostgreSQL (no first-start image)
  // the server stayed at 504–533 MB once up, against 344–390 MB two at a time, healthy as soon (5.9–6.7 s
  // against 6.1–6.7 s, alternating, on a busy machine); one at a time, 263–288 MB but 2.2 s slower.
  const drawings = [
    ...sampleCategories.map((category) => () => rasterise(store, "categories", productArtwork(...category.art))),
    ...sampleProducts.flatMap((product) => [
      () => productShot(store, product.art),
      () => productShot(store, product.art, 1),
    ]),
    ...sampleBanners.map((banner) => () => bannerShot(store, "banners", banner.art)),
    ...samplePosts.map((post) => () => bannerShot(store, "blog", post.art)),
  ];
  const drawNext = async (): Promise<void> => {
    for (let next = drawings.shift(); next; next = drawings.shift()) await next();
  };
  await Promise.all([drawNext(), drawNext()]);

  const categoryIds = new Map<string, string>();
  const subcategoryIds = new Map<string, string>();
  for (const [index, category] of sampleCategories.entries()) {
    const [row] = await db
      .insert(categories)
      .values({
        name: category.name,
        slug: category.slug,
        description: category.description,
        image: await rasterise(store, "categories", productArtwork(category.art[0], category.art[1])),
        sortOrder: index,
      })
      .returning({ id: categories.id });
    if (!row) continue;
    categoryIds.set(category.slug, row.id);
    for (const sub of category.subcategories) {
      const [subRow] = await db
        .insert(subcategories)
        .values({ categoryId: row.id, name: sub.name, slug: sub.slug })
        .returning({ id: subcategories.id });
      if (subRow) subcategoryIds.set(`${category.slug}/${sub.slug}`, subRow.id);
    }
  }

  const start = Date.now() - sampleProducts.length * 86_400_000;
  for (const [index, product] of sampleProducts.entries()) {
    const images = [await productShot(store, product.art), await productShot(store, product.art, 1)];
    const at = new Date(start + index * 86_400_000);
    await db.insert(products).values({
      name: product.name,
      slug: product.slug,
      price: product.price,
      description: product.description,
      image: images[0] ?? "",
      images,
      categoryId: categoryIds.get(product.category) ?? null,
      subcategoryId: subcategoryIds.get(`${product.category}/${product.subcategory}`) ?? null,
      rating: product.rating,
      reviewCount: product.reviewCount,
      features: product.features,
      specifications: product.specifications,
      compatibility: product.compatibility,
      isNew: product.isNew,
      inStock: product.inStock,
      status: "active",
      createdAt: at,
      updatedAt: at,
    });
  }

  for (const [index, banner] of sampleBanners.entries()) {
    await db.insert(heroBanners).values({
      title: banner.title,
      subtitle: banner.subtitle,
      image: await bannerShot(store, "banners", banner.art),
      ctaLabel: banner.ctaLabel,
      ctaLink: banner.ctaLink,
      displayOrder: index,
      isActive: true,
    });
  }

  for (const post of samplePosts) {
    await db.insert(blogPosts).values({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      body: post.body,
      author: post.author,
      coverImage: await bannerShot(store, "blog", post.art),
      status: "published",
      publishedAt: new Date(Date.now() - post.daysAgo * 86_400_000),
    });
  }
}

/** The sample shop for openConfiguredDatabase, its pictures stored in `uploadsDir` (made only when it runs). */
export function sampleShopIn(uploadsDir: string): (db: Db) => Promise<void> {
  return (db) => seedSampleContent(db, createLocalStore(uploadsDir));
}
