import { defaultSettings, type PublicSettings } from "@shop/shared/schemas/settings";

/** What GET /settings answers when staff have set the shop's own contact lines (not site.ts's placeholders). */
export const shopSettings: PublicSettings = {
  storeName: defaultSettings.storeName,
  contactEmail: "hello@lumenhome.example",
  contactPhone: "+44 20 7946 0958",
  facebookUrl: defaultSettings.facebookUrl,
  instagramUrl: defaultSettings.instagramUrl,
  linkedinUrl: defaultSettings.linkedinUrl,
  whatsappUrl: defaultSettings.whatsappUrl,
  marketplaceUrl: defaultSettings.marketplaceUrl,
  warrantyUrl: defaultSettings.warrantyUrl,
};
