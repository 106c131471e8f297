/**
 * Under the storefront carousel's key (`["hero-banners"]`), so a banner write refreshes the
 * carousel in the same tab as well as the admin list.
 */
export const heroBannerKeys = {
  all: ["hero-banners"] as const,
  list: () => [...heroBannerKeys.all, "admin", "list"] as const,
  detail: (id: string) => [...heroBannerKeys.all, "admin", "detail", id] as const,
};
