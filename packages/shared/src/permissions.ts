/**
 * The permission catalogue of spec section 6, as `module:action` names.
 * The API seeds it into the database; both sides check against it.
 */

export type PermissionDefinition = {
  name: string;
  module: string;
  label: string;
};

export type PermissionModule = {
  module: string;
  label: string;
  permissions: PermissionDefinition[];
};

function moduleOf(module: string, label: string, actions: Record<string, string>): PermissionModule {
  return {
    module,
    label,
    permissions: Object.entries(actions).map(([action, actionLabel]) => ({
      name: `${module}:${action}`,
      module,
      label: actionLabel,
    })),
  };
}

export const permissionModules: PermissionModule[] = [
  moduleOf("product", "Products", {
    "create-product": "Create products",
    "view-products": "View products",
    "update-product": "Update and delete products",
  }),
  moduleOf("herobanner", "Hero banners", {
    "view-hero-banners": "View hero banners",
    "create-hero-banner": "Create hero banners",
    "update-hero-banner": "Update hero banners",
    "delete-hero-banner": "Delete hero banners",
  }),
  moduleOf("contact", "Contacts", {
    "view-contacts": "View contact requests",
    "update-status": "Update contact status",
  }),
  moduleOf("newsletter", "Newsletter", {
    "view-subscribers": "View subscribers",
    "update-subscriber": "Update subscribers",
    "delete-subscriber": "Delete subscribers",
    "create-update-tag": "Create and update tags",
    "view-tags": "View tags",
    "view-emailhistories": "View email history",
    "delete-emailhistory": "Delete email history",
    "compose-email": "Compose and send emails",
    "view-statistics": "View statistics",
  }),
  moduleOf("user", "Users", {
    "view-users": "View users",
    "create-update-user": "Create and update users",
    "deactivate-user": "Activate and deactivate users",
  }),
  moduleOf("roles", "Roles", {
    "view-roles": "View roles",
    "create-update-role": "Create and update roles",
  }),
  // Beyond the spec: staff write the posts the storefront shows, and keep the shop's details.
  moduleOf("blog", "Blog", {
    "view-posts": "View blog posts",
    "create-update-post": "Write and publish blog posts",
    "delete-post": "Delete blog posts",
  }),
  moduleOf("settings", "Site settings", {
    "update-settings": "Update site settings",
  }),
  // The spec grants activity logs by module prefix only; one permission carries it.
  moduleOf("activitylog", "Activity logs", {
    "view-activity-logs": "View activity logs",
  }),
];

export const allPermissions: PermissionDefinition[] = permissionModules.flatMap((m) => m.permissions);
export const allPermissionNames: string[] = allPermissions.map((p) => p.name);
const knownNames = new Set(allPermissionNames);

export function isKnownPermission(name: string): boolean {
  return knownNames.has(name);
}

/** Roles seeded on an empty database. */
export const seedRoles: { name: string; description: string; modules: string[] }[] = [
  { name: "Administrator", description: "Every permission", modules: permissionModules.map((m) => m.module) },
  { name: "Editor", description: "Products, hero banners and the blog", modules: ["product", "herobanner", "blog"] },
  { name: "Support", description: "Contact requests", modules: ["contact"] },
  { name: "Marketing", description: "Newsletter audience and campaigns", modules: ["newsletter"] },
];

export function permissionsOfModules(modules: string[]): string[] {
  return allPermissions.filter((p) => modules.includes(p.module)).map((p) => p.name);
}

export type Principal = {
  isSuperAdmin: boolean;
  permissions: readonly string[];
};

/** A super admin has every permission; others need it in their role's list. */
export function hasPermission(principal: Principal, permission: string): boolean {
  if (principal.isSuperAdmin) return true;
  return principal.permissions.includes(permission);
}

/** Whether the principal holds every one of these permissions: nobody grants or manages beyond their own. */
export function holdsAll(principal: Principal, permissions: readonly string[]): boolean {
  return permissions.every((permission) => hasPermission(principal, permission));
}

/** Module-wide access: any permission whose name starts with `module:`. */
export function hasModuleAccess(principal: Principal, module: string): boolean {
  if (principal.isSuperAdmin) return true;
  const prefix = `${module}:`;
  return principal.permissions.some((p) => p.startsWith(prefix));
}

/**
 * A requirement a route or screen declares: one permission name (`contact:view-contacts`),
 * a module prefix (`activitylog`, meaning any permission in it), or a list of which any one suffices.
 */
export type Requirement = string | readonly string[];

/**
 * Who may list the tags: those who view or manage them, and those who pick from them (tagging
 * subscribers, choosing a campaign's audience). One list for the API's route and the screens' filters.
 */
export const tagListers = [
  "newsletter:view-tags",
  "newsletter:create-update-tag",
  "newsletter:update-subscriber",
  "newsletter:compose-email",
] as const satisfies Requirement;

export function satisfies(principal: Principal, requirement: Requirement): boolean {
  const options = typeof requirement === "string" ? [requirement] : requirement;
  return options.some((option) =>
    option.includes(":") ? hasPermission(principal, option) : hasModuleAccess(principal, option),
  );
}
