import { uiCopy } from "@shop/shared/ui-copy";
import { paths } from "@/lib/paths";

export type PublicNavLink = { label: string; to: string; end?: boolean };

/** Spec section 2: the storefront's links, in order, then Blog (issue 15); Manage joins them for signed-in staff. */
export function publicNavLinks(signedIn: boolean): PublicNavLink[] {
  const links: PublicNavLink[] = [
    { label: uiCopy.nav.home, to: paths.home, end: true },
    { label: uiCopy.nav.smartLocks, to: paths.smartLocks },
    { label: uiCopy.nav.smartSwitches, to: paths.smartSwitches },
    { label: uiCopy.nav.shop, to: paths.shop },
    { label: uiCopy.nav.about, to: paths.about },
    { label: uiCopy.nav.blog, to: paths.blog },
  ];
  if (signedIn) links.push({ label: uiCopy.nav.manage, to: paths.admin.dashboard });
  return links;
}
