import type { Method } from "./support.ts";

/**
 * What every route should require, written by hand from the spec (section 6 names the permissions,
 * section 7 the calls) and from what each route does — never read from the route declarations, so a
 * wrong declaration shows up as a difference. Where the spec is silent, the comment says what a real
 * shop would require and why.
 *
 * - "public": anyone, signed in or not.
 * - "secret": public to the auth layer, but the handler asks for a provider's shared secret or
 *   signature (the bounce webhooks), which no staff token is: every caller without it gets 401.
 * - "signed in": any live staff session, whatever its role.
 * - { permission }: that one permission (a super admin holds them all).
 * - { anyOf }: any one of these permissions.
 * - { module }: module-wide access, any permission of that module (spec section 6).
 */
export type ExpectedAccess =
  | "public"
  | "secret"
  | "signed in"
  | { permission: string }
  | { anyOf: readonly string[] }
  | { module: string };

export type ExpectedRoute = { method: Method; path: string; access: ExpectedAccess };

const route = (method: Method, path: string, access: ExpectedAccess): ExpectedRoute => ({ method, path, access });
const needs = (permission: string) => ({ permission });
const anyOf = (...permissions: string[]) => ({ anyOf: permissions });

/** Every API route (all of /api/*). */
export const expectedAccess: ExpectedRoute[] = [
  // Operations: a load balancer and the API's own description need no account.
  route("GET", "/api/health", "public"),
  route("GET", "/api/docs", "public"),

  // Auth (spec 7): signing in is open; the rest acts on the caller's own session.
  route("POST", "/api/users/login", "public"),
  route("POST", "/api/users/logout", "signed in"),
  route("GET", "/api/users/get-user", "signed in"),

  // Users (spec 6: view-users, create-update-user, deactivate-user).
  route("GET", "/api/users/get-all-users", needs("user:view-users")),
  route("POST", "/api/users", needs("user:create-update-user")),
  route("PUT", "/api/users/update-user/:id", needs("user:create-update-user")),
  route("PUT", "/api/users/:id", needs("user:deactivate-user")),
  // One's own name, phone, password and activity: every staff member has a profile.
  route("PUT", "/api/users/profile", "signed in"),
  route("PUT", "/api/users/change-password", "signed in"),
  route("GET", "/api/users/me/activity", "signed in"),
  // Two-factor (issue 17): the second step of a sign-in is open like the first; one's own factors are
  // every staff member's; resetting someone's is editing that user.
  route("POST", "/api/users/login/second-factor", "public"),
  route("GET", "/api/users/two-factor", "signed in"),
  route("POST", "/api/users/two-factor/totp/setup", "signed in"),
  route("POST", "/api/users/two-factor/totp/confirm", "signed in"),
  route("POST", "/api/users/two-factor/totp/disable", "signed in"),
  route("POST", "/api/users/two-factor/recovery-codes", "signed in"),
  route("POST", "/api/users/:id/reset-two-factor", needs("user:create-update-user")),
  route("POST", "/api/users/login/passkey/options", "public"),
  route("POST", "/api/users/login/passkey", "public"),
  route("POST", "/api/users/two-factor/passkeys/options", "signed in"),
  route("POST", "/api/users/two-factor/passkeys", "signed in"),
  route("DELETE", "/api/users/two-factor/passkeys/:id", "signed in"),
  // Password reset (issue 17): asking and using a link need no session; sending one for someone else
  // is editing that user. One's own sessions: any staff member.
  route("POST", "/api/users/forgot-password", "public"),
  route("POST", "/api/users/reset-password", "public"),
  route("POST", "/api/users/:id/send-password-reset", needs("user:create-update-user")),
  route("GET", "/api/users/sessions", "signed in"),
  route("DELETE", "/api/users/sessions/:id", "signed in"),
  route("POST", "/api/users/sessions/sign-out-others", "signed in"),

  // Roles (spec 6: view-roles, create-update-role). A user manager picks a role for a user, so reads it.
  route(
    "GET",
    "/api/roles/get-all-role",
    anyOf("roles:view-roles", "roles:create-update-role", "user:create-update-user"),
  ),
  route("GET", "/api/roles/:id", anyOf("roles:view-roles", "roles:create-update-role", "user:create-update-user")),
  route("POST", "/api/roles/create-role", needs("roles:create-update-role")),
  route("PUT", "/api/roles/update-role/:id", needs("roles:create-update-role")),
  // The spec names no delete permission; removing an unused role is managing roles.
  route("DELETE", "/api/roles/:id", needs("roles:create-update-role")),
  // The catalogue of permissions is what the role screens show; user managers see permissions on the role.
  route("GET", "/api/permissions/get-all-permissions", anyOf("roles:view-roles", "roles:create-update-role")),

  // Activity logs: module access only (spec 6); the export is the same list as a file.
  route("GET", "/api/activity-logs", { module: "activitylog" }),
  route("GET", "/api/activity-logs/export", { module: "activitylog" }),

  // Dashboard: shown to every signed-in staff member (spec 2: "Dashboard (always)"); each tile is filtered inside.
  route("GET", "/api/dashboard", "signed in"),

  // Products (spec 6: create-product, view-products, update-product; delete is a status update).
  route("GET", "/api/products", "public"),
  route("GET", "/api/products/:id", "public"),
  route("POST", "/api/products", needs("product:create-product")),
  route("PUT", "/api/products/:id", needs("product:update-product")),

  // Categories belong to the catalogue: the shop reads them, product staff shape them.
  route("GET", "/api/categories", "public"),
  route("POST", "/api/categories", needs("product:create-product")),
  route("PUT", "/api/categories/:id", needs("product:update-product")),
  route("DELETE", "/api/categories/:id", needs("product:update-product")),
  route("GET", "/api/subcategories", "public"),
  route("POST", "/api/subcategories", needs("product:create-product")),
  route("PUT", "/api/subcategories/:id", needs("product:update-product")),
  route("DELETE", "/api/subcategories/:id", needs("product:update-product")),

  // Uploads (spec 7: POST /upload/multiple): whoever writes something that carries an image.
  route(
    "POST",
    "/api/upload/multiple",
    anyOf(
      "product:create-product",
      "product:update-product",
      "herobanner:create-hero-banner",
      "herobanner:update-hero-banner",
      "blog:create-update-post",
      "newsletter:compose-email",
    ),
  ),

  // Hero banners (spec 6): the storefront shows the live ones; staff manage all.
  route("GET", "/api/hero-banners", "public"),
  route("GET", "/api/hero-banners/all", needs("herobanner:view-hero-banners")),
  route("GET", "/api/hero-banners/:id", needs("herobanner:view-hero-banners")),
  route("POST", "/api/hero-banners", needs("herobanner:create-hero-banner")),
  route("PUT", "/api/hero-banners/:id", needs("herobanner:update-hero-banner")),
  route("PUT", "/api/hero-banners/reorder", needs("herobanner:update-hero-banner")),
  route("DELETE", "/api/hero-banners/:id", needs("herobanner:delete-hero-banner")),

  // Contacts (spec 6: view-contacts, update-status). Visitors send enquiries.
  route("POST", "/api/contacts", "public"),
  route("GET", "/api/contacts", needs("contact:view-contacts")),
  route("GET", "/api/contacts/get-contact-counts", needs("contact:view-contacts")),
  route("GET", "/api/contacts/export", needs("contact:view-contacts")),
  route("GET", "/api/contacts/:id", needs("contact:view-contacts")),
  route("PUT", "/api/contacts/:id", needs("contact:update-status")),
  // Issue 15: replying, notes and assignment act on a request, as a status change does; the staff
  // list is what the assignment picker shows.
  route("POST", "/api/contacts/:id/replies", needs("contact:update-status")),
  route("POST", "/api/contacts/:id/notes", needs("contact:update-status")),
  route("PUT", "/api/contacts/:id/assignee", needs("contact:update-status")),
  route("GET", "/api/contacts/assignees", needs("contact:update-status")),
  // The spec calls DELETE /contacts/{id} but names no delete permission: the one that acts on requests.
  route("DELETE", "/api/contacts/:id", needs("contact:update-status")),

  // Newsletter subscribers (spec 6). The footer form is public.
  route("POST", "/api/newsletter/subscriber", "public"),
  // The composer picks recipients from the subscriber list (Select Subscribers modal).
  route("GET", "/api/newsletter/get-all-subscriber", anyOf("newsletter:view-subscribers", "newsletter:compose-email")),
  route("GET", "/api/newsletter/export", needs("newsletter:view-subscribers")),
  route("GET", "/api/newsletter/subscribers/:id", needs("newsletter:view-subscribers")),
  route("GET", "/api/newsletter/subscribers/:id/export", needs("newsletter:view-subscribers")),
  route("PUT", "/api/newsletter/update-subscriber/:id", needs("newsletter:update-subscriber")),
  route("POST", "/api/newsletter/assign-bulk-tags", needs("newsletter:update-subscriber")),
  route("DELETE", "/api/newsletter/delete-subscriber/:id", needs("newsletter:delete-subscriber")),
  // Erasing a person's data on request is a stronger delete.
  route("DELETE", "/api/newsletter/subscribers/:id/erase", needs("newsletter:delete-subscriber")),
  // The suppression list (issue 18): who will not be mailed, and lifting an entry, belong to whoever
  // changes subscribers.
  route("GET", "/api/newsletter/suppressions", needs("newsletter:update-subscriber")),
  route("DELETE", "/api/newsletter/suppressions/:id", needs("newsletter:update-subscriber")),
  // Importing adds and tags subscribers: updating the audience. Its progress belongs to the importer.
  route("POST", "/api/csv/import-jobs", needs("newsletter:update-subscriber")),
  route("POST", "/api/csv/import-preview", needs("newsletter:update-subscriber")),
  route("POST", "/api/csv/import-csv", needs("newsletter:update-subscriber")),
  route("GET", "/api/csv/import-progress/:jobId", needs("newsletter:update-subscriber")),

  // Bounce and complaint webhooks (issue 18): relays call them, each with its own secret or signature.
  route("POST", "/api/bounces", "secret"),
  route("POST", "/api/bounces/sendgrid", "secret"),
  route("POST", "/api/bounces/ses", "secret"),
  route("POST", "/api/bounces/postmark", "secret"),

  // Tags (spec 6: create-update-tag, view-tags). Whoever tags subscribers or targets a campaign picks from the list.
  route(
    "GET",
    "/api/newsletter-tags/get-all-tags",
    anyOf(
      "newsletter:view-tags",
      "newsletter:create-update-tag",
      "newsletter:update-subscriber",
      "newsletter:compose-email",
    ),
  ),
  route("POST", "/api/newsletter-tags/tags", needs("newsletter:create-update-tag")),
  route("PUT", "/api/newsletter-tags/update-tags/:id", needs("newsletter:create-update-tag")),
  // No delete-tag permission in the spec: tags are managed as a whole by create-update-tag.
  route("DELETE", "/api/newsletter-tags/delete-tags/:id", needs("newsletter:create-update-tag")),

  // Composing and sending (spec 6: compose-email).
  route("GET", "/api/compose-mail/delivery", needs("newsletter:compose-email")),
  route("POST", "/api/compose-mail/audience-count", needs("newsletter:compose-email")),
  route("POST", "/api/compose-mail", needs("newsletter:compose-email")),
  // A campaign is read by its author and by whoever reads the email history.
  route("GET", "/api/compose-mail/:id", anyOf("newsletter:compose-email", "newsletter:view-emailhistories")),
  route("PUT", "/api/compose-mail/:id", needs("newsletter:compose-email")),
  route("DELETE", "/api/compose-mail/:id", needs("newsletter:compose-email")),
  route("POST", "/api/compose-mail/:id/test", needs("newsletter:compose-email")),
  route("POST", "/api/compose-mail/:id/schedule", needs("newsletter:compose-email")),
  route("POST", "/api/compose-mail/:id/unschedule", needs("newsletter:compose-email")),
  route("POST", "/api/emailhistory/send-mail", needs("newsletter:compose-email")),
  // Pausing, resuming or cancelling a send is part of sending it.
  route("POST", "/api/emailhistory/:id/pause", needs("newsletter:compose-email")),
  route("POST", "/api/emailhistory/:id/resume", needs("newsletter:compose-email")),
  route("POST", "/api/emailhistory/:id/cancel", needs("newsletter:compose-email")),

  // Email history and statistics (spec 6: view-emailhistories, delete-emailhistory, view-statistics).
  // The statistics screen's campaign picker lists the history too.
  route(
    "GET",
    "/api/emailhistory/getall-emailhistory",
    anyOf("newsletter:view-emailhistories", "newsletter:view-statistics"),
  ),
  route("GET", "/api/emailhistory/:id", needs("newsletter:view-emailhistories")),
  route("GET", "/api/emailhistory/:id/recipients", needs("newsletter:view-emailhistories")),
  route("GET", "/api/emailhistory/:id/logs", needs("newsletter:view-emailhistories")),
  route("DELETE", "/api/emailhistory/:id", needs("newsletter:delete-emailhistory")),
  route("GET", "/api/emailhistory/stats/funnel", needs("newsletter:view-statistics")),
  route("GET", "/api/emailhistory/stats/growth", needs("newsletter:view-statistics")),

  // Blog (spec 7: the shop reads posts; beyond the spec, staff write them with the blog permissions).
  route("GET", "/api/blog/posts", "public"),
  route("GET", "/api/blog/posts/:post", "public"),
  route("GET", "/api/blog/admin/posts", needs("blog:view-posts")),
  route("GET", "/api/blog/admin/posts/:id", needs("blog:view-posts")),
  route("POST", "/api/blog/preview", needs("blog:create-update-post")),
  route("POST", "/api/blog/posts", needs("blog:create-update-post")),
  route("PUT", "/api/blog/posts/:post", needs("blog:create-update-post")),
  route("DELETE", "/api/blog/posts/:post", needs("blog:delete-post")),

  // Site settings (beyond the spec): the storefront reads the public part; changing them, or reading
  // the full record (mail sender, tracking choices), is the settings permission's.
  route("GET", "/api/settings", "public"),
  route("GET", "/api/settings/admin", needs("settings:update-settings")),
  route("GET", "/api/settings/mail-authentication", needs("settings:update-settings")),
  route("PUT", "/api/settings", needs("settings:update-settings")),
  // Account mail that did not go out: most failures are fixed in the mail settings (the relay, the
  // sender), so whoever keeps them sees the failures and sends the mail again.
  route("GET", "/api/mail-delivery", needs("settings:update-settings")),
  route("GET", "/api/mail-delivery/summary", needs("settings:update-settings")),
  route("POST", "/api/mail-delivery/:id/retry", needs("settings:update-settings")),
];

/**
 * Routes outside /api, reached from emails and crawlers: public to the auth layer. What guards the
 * first six is the signed token in the link itself.
 */
export const expectedOutsideApi: ExpectedRoute[] = [
  route("GET", "/unsubscribe/:token", "public"),
  route("POST", "/unsubscribe/:token", "public"),
  route("GET", "/confirm/:token", "public"),
  route("POST", "/confirm/:token", "public"),
  route("GET", "/t/o/:token", "public"),
  route("GET", "/t/c/:token", "public"),
  route("GET", "/sitemap.xml", "public"),
  route("GET", "/robots.txt", "public"),
];
