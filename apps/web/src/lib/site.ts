/**
 * The shop's own details: contact lines, external stores and social channels.
 * Placeholders until the business supplies the real addresses.
 */
export const site = {
  locale: "en-US",
  currency: "USD",
  email: "support@smarthomeshop.example",
  phone: "+1 (555) 010-0199",
  amazonStoreUrl: "https://www.amazon.com/",
  warrantyUrl: "https://forms.gle/",
  social: {
    facebook: "https://www.facebook.com/",
    instagram: "https://www.instagram.com/",
    linkedin: "https://www.linkedin.com/",
    whatsapp: "https://wa.me/15550100199",
  },
} as const;

/** A `tel:` address: the digits and a leading plus, without the spaces and brackets people read. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
