import type { EnquiryFields } from "@shop/shared/schemas/contacts";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import type { CartItem } from "@/app/store/cart-slice";
import type { ContactRequest } from "@/features/contacts/api/create-contact";
import { formatPrice } from "@/lib/format";

const quote = storefrontCopy.cart.quote;

/** The message staff read: one line per item ("2 × Aura Touch Switch — 1 Gang ($49.99)"), then the total. */
export function quoteRequestText(items: readonly CartItem[], total: number): string {
  const lines = items.map((item) => quote.line(item.quantity, item.name, formatPrice(item.price)));
  return [quote.intro, ...lines, "", quote.total(formatPrice(total))].join("\n");
}

/** The one contact a quote request sends (messageType quoteRequest). */
export function quoteRequestBody(
  fields: EnquiryFields,
  items: readonly CartItem[],
  total: number,
  website = "",
): ContactRequest {
  return {
    ...fields,
    subject: quote.subject,
    messageType: "quoteRequest",
    createdBy: storefrontCopy.enquiry.createdBy,
    request: quoteRequestText(items, total),
    website,
  };
}
