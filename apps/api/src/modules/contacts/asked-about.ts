import { storefrontCopy } from "@shop/shared/storefront-copy";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { enquiryProductName, type NewContact } from "./service.ts";

/**
 * What a customer's confirmation may say they asked about. It goes to whatever address the form was given,
 * from the shop's sender, so it repeats nothing the visitor typed: only catalogue products, by their
 * catalogue names, prices and page. A line that names no product on sale is left out (staff still see the
 * whole request in their alert).
 */
export type AskedAbout = { lines: string[]; link?: string };

const quote = storefrontCopy.cart.quote;
/** "2 × Aura Touch Switch — 1 Gang ($49.99)", as the cart writes it (quote-request.ts in the web app). */
const quoteLine = /^(\d{1,4}) × (.{1,200}) \([^()]{0,40}\)$/;
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export async function askedAbout(db: Db, contact: NewContact, publicUrl: string): Promise<AskedAbout> {
  const name = enquiryProductName(contact);
  if (name) {
    const [product] = await onSale(db, [name]);
    return product
      ? { lines: [product.name], link: `${publicUrl}/shop/product/${encodeURIComponent(product.slug)}` }
      : { lines: [] };
  }
  if (contact.messageType !== "quoteRequest") return { lines: [] };
  const wanted = contact.request.split("\n").flatMap((line) => {
    const match = quoteLine.exec(line.trim());
    return match?.[1] && match[2] ? [{ quantity: Number(match[1]), name: match[2] }] : [];
  });
  if (wanted.length === 0) return { lines: [] };
  const byName = new Map(
    (
      await onSale(
        db,
        wanted.map((w) => w.name),
      )
    ).map((p) => [p.name.toLowerCase(), p]),
  );
  let totalCents = 0;
  const lines = wanted.flatMap(({ quantity, name }) => {
    const product = byName.get(name.toLowerCase());
    if (!product || quantity === 0) return [];
    totalCents += Math.round(product.price * 100) * quantity;
    return [quote.line(quantity, product.name, usd.format(product.price))];
  });
  return lines.length ? { lines: [...lines, quote.total(usd.format(totalCents / 100))] } : { lines: [] };
}

/** Active products by name, case-insensitively. */
function onSale(db: Db, names: string[]) {
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  return db
    .select({ name: products.name, slug: products.slug, price: products.price })
    .from(products)
    .where(and(inArray(sql`lower(${products.name})`, lowered), eq(products.status, "active")));
}
