import { type Principal, type Requirement, satisfies } from "@shop/shared/permissions";
import { useCallback, useMemo } from "react";
import { useAppSelector } from "@/app/store/hooks";
import type { UserState } from "@/app/store/user-slice";

/**
 * What each admin screen needs (spec section 6): list screens follow module access like their
 * sidebar item, sub-screens follow their view permission, forms their write permission.
 */
export const adminAccess = {
  products: "product",
  productCreate: "product:create-product",
  productEdit: "product:update-product",
  heroBanners: "herobanner",
  heroBannerCreate: "herobanner:create-hero-banner",
  heroBannerEdit: "herobanner:update-hero-banner",
  contacts: "contact",
  /** Enquiry emails show the contact: "Email me new enquiries" needs this. */
  contactView: "contact:view-contacts",
  blog: "blog",
  blogEdit: "blog:create-update-post",
  settings: "settings:update-settings",
  /** Failed account mail is mostly fixed in the mail settings, so it is shown to whoever keeps them. */
  mailDelivery: "settings:update-settings",
  activityLogs: "activitylog",
  newsletters: "newsletter",
  subscribers: "newsletter:view-subscribers",
  /** Lifting is changing the audience, so the list is shown to whoever may do it. */
  suppressions: "newsletter:update-subscriber",
  emailHistory: "newsletter:view-emailhistories",
  statistics: "newsletter:view-statistics",
  tags: "newsletter:view-tags",
  compose: "newsletter:compose-email",
  manage: ["user", "roles"],
  users: "user:view-users",
  roles: "roles:view-roles",
  roleEdit: "roles:create-update-role",
} as const satisfies Record<string, Requirement>;

export function principalOf(user: UserState): Principal {
  return {
    isSuperAdmin: user.userInfo?.isSuperAdmin ?? false,
    permissions: user.role?.permissions.map((permission) => permission.name) ?? [],
  };
}

/** The signed-in user as the permission rules see them. */
export function usePrincipal(): Principal {
  const user = useAppSelector((state) => state.user);
  return useMemo(() => principalOf(user), [user]);
}

/** The client's `can()`: it only hides UI; the API enforces the same rules. */
export function useCan(): (requirement: Requirement) => boolean {
  const principal = usePrincipal();
  return useCallback((requirement: Requirement) => satisfies(principal, requirement), [principal]);
}

/** "Jane (Editor)": the name with the role in brackets, as the navbar and top bar show it. */
export function roleLabelOf(user: UserState, superAdminLabel: string, noRoleLabel: string): string {
  if (user.role) return user.role.name;
  return user.userInfo?.isSuperAdmin ? superAdminLabel : noRoleLabel;
}
