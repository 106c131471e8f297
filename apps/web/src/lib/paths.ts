/** Every route of the app, in one typed map: links use these, never string literals. */
const id = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: "/",
  about: "/about",
  shop: "/shop",
  contact: "/contact",
  product: (productId: string | number) => `/shop/product/${id(productId)}`,
  category: "/category",
  smartLocks: "/smart-locks",
  smartSwitches: "/smart-switches",
  login: "/login",
  /** The enrolment a role requires, after the password and before any admin page. */
  twoFactorSetup: "/two-factor-setup",
  forgotPassword: "/forgot-password",
  /** The reset link's page; the link in the email carries `?token=…`. */
  resetPassword: "/reset-password",
  terms: "/terms",
  privacy: "/privacy",
  blog: "/blog",
  blogPost: (slug: string) => `/blog/${id(slug)}`,
  /** The shop filtered to one category (by slug), as category tiles and breadcrumbs link to it. */
  shopCategory: (categorySlug: string) => `/shop?category=${id(categorySlug)}`,
  cart: "/cart",
  admin: {
    dashboard: "/admin",
    profile: "/admin/profile",
    products: "/admin/products",
    productCreate: "/admin/products/create",
    productEdit: (productId: string) => `/admin/products/edit/${id(productId)}`,
    productCategories: "/admin/products/categories",
    heroBanners: "/admin/hero-banners",
    heroBannerCreate: "/admin/hero-banners/create",
    heroBannerEdit: "/admin/hero-banners/edit",
    /** The shared form's edit mode: the spec's route takes the banner in the query. */
    heroBannerEditOf: (bannerId: string) => `/admin/hero-banners/edit?id=${id(bannerId)}`,
    contacts: "/admin/contacts",
    /** The inbox with one contact's details open (the new-enquiry alert links here). */
    contactOpen: (contactId: string) => `/admin/contacts?open=${id(contactId)}`,
    contactsOverdue: "/admin/contacts?overdue=true",
    blog: "/admin/blog",
    blogCreate: "/admin/blog/create",
    blogEdit: (postId: string) => `/admin/blog/edit/${id(postId)}`,
    settings: "/admin/settings",
    mailDelivery: "/admin/settings/mail-delivery",
    subscribers: "/admin/newsletters/subscribers",
    suppressions: "/admin/newsletters/suppressions",
    emailHistory: "/admin/newsletters/history",
    emailDetail: (emailId: string) => `/admin/newsletters/history/email/${id(emailId)}`,
    statistics: "/admin/newsletters/stats",
    tags: "/admin/tags",
    compose: "/admin/compose-mail",
    /** The composer going on with a saved draft (or a scheduled campaign). */
    composeDraft: (mailId: string) => `/admin/compose-mail?id=${id(mailId)}`,
    activityLogs: "/admin/activity-logs",
    users: "/admin/manage/users",
    roles: "/admin/manage/roles",
    roleCreate: "/admin/manage/roles/create",
    roleEdit: (roleId: string) => `/admin/manage/roles/edit/${id(roleId)}`,
  },
} as const;

/** Where the guard sent a signed-out visitor from, carried in router state. */
export type FromState = { from?: string };

export function fromOf(state: unknown): string | undefined {
  if (typeof state !== "object" || state === null || !("from" in state)) return undefined;
  const { from } = state;
  // Only our own paths: a crafted state must not send a user off-site after sign-in.
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : undefined;
}
