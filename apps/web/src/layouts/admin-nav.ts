import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type Principal, type Requirement, satisfies } from "@shop/shared/permissions";
import type { ComponentType } from "react";
import { FileTextIcon, SettingsIcon } from "@/components/backoffice-icons";
import {
  ActivityIcon,
  DashboardIcon,
  type IconProps,
  ImageIcon,
  MailIcon,
  MessageIcon,
  PackageIcon,
  UsersIcon,
} from "@/components/icons";
import { adminAccess } from "@/lib/access";
import { paths } from "@/lib/paths";

export type AdminNavLink = {
  /** Also the end of the item's `data-testid` (`nav-products`), for end-to-end tests. */
  id: string;
  label: string;
  to: string;
  requirement?: Requirement;
  Icon?: ComponentType<IconProps>;
  end?: boolean;
};

export type AdminNavGroup = {
  id: string;
  label: string;
  requirement: Requirement;
  Icon: ComponentType<IconProps>;
  children: AdminNavLink[];
};

export type AdminNavItem = AdminNavLink | AdminNavGroup;

export function isNavGroup(item: AdminNavItem): item is AdminNavGroup {
  return "children" in item;
}

const nav = adminCopy.admin.nav;

/** Spec sections 2 and 6: items follow module access, sub-items their view permission. */
export const adminNav: AdminNavItem[] = [
  { id: "dashboard", label: nav.dashboard, to: paths.admin.dashboard, Icon: DashboardIcon, end: true },
  {
    id: "products",
    label: nav.products,
    to: paths.admin.products,
    requirement: adminAccess.products,
    Icon: PackageIcon,
  },
  {
    id: "hero-banners",
    label: nav.heroBanners,
    to: paths.admin.heroBanners,
    requirement: adminAccess.heroBanners,
    Icon: ImageIcon,
  },
  {
    id: "contacts",
    label: nav.contacts,
    to: paths.admin.contacts,
    requirement: adminAccess.contacts,
    Icon: MessageIcon,
  },
  {
    id: "blog",
    label: backofficeCopy.nav.blog,
    to: paths.admin.blog,
    requirement: adminAccess.blog,
    Icon: FileTextIcon,
  },
  {
    id: "activity-logs",
    label: nav.activityLogs,
    to: paths.admin.activityLogs,
    requirement: adminAccess.activityLogs,
    Icon: ActivityIcon,
  },
  {
    id: "newsletters",
    label: nav.newsletters,
    requirement: adminAccess.newsletters,
    Icon: MailIcon,
    children: [
      { id: "subscribers", label: nav.subscribers, to: paths.admin.subscribers, requirement: adminAccess.subscribers },
      {
        id: "email-history",
        label: nav.emailHistory,
        to: paths.admin.emailHistory,
        requirement: adminAccess.emailHistory,
      },
      { id: "statistics", label: nav.statistics, to: paths.admin.statistics, requirement: adminAccess.statistics },
      { id: "tags", label: nav.tags, to: paths.admin.tags, requirement: adminAccess.tags },
      { id: "compose", label: nav.compose, to: paths.admin.compose, requirement: adminAccess.compose },
    ],
  },
  {
    id: "manage",
    label: nav.manage,
    requirement: adminAccess.manage,
    Icon: UsersIcon,
    children: [
      { id: "users", label: nav.users, to: paths.admin.users, requirement: adminAccess.users },
      { id: "roles", label: nav.roles, to: paths.admin.roles, requirement: adminAccess.roles },
    ],
  },
  {
    id: "settings",
    label: backofficeCopy.nav.settings,
    to: paths.admin.settings,
    requirement: adminAccess.settings,
    Icon: SettingsIcon,
  },
];

/** The items this principal may see; a group without a visible sub-item disappears. */
export function visibleAdminNav(principal: Principal, items: AdminNavItem[] = adminNav): AdminNavItem[] {
  const allowed = (requirement: Requirement | undefined) => !requirement || satisfies(principal, requirement);
  return items.flatMap((item): AdminNavItem[] => {
    if (!allowed(item.requirement)) return [];
    if (!isNavGroup(item)) return [item];
    const children = item.children.filter((child) => allowed(child.requirement));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
