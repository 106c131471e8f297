import { uiCopy } from "@shop/shared/ui-copy";
import { type RefObject, useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { useAppDispatch } from "@/app/store/hooks";
import { setMenuOpen } from "@/app/store/ui-slice";
import { buttonClasses } from "@/components/button";
import { ArrowRightIcon, UserIcon } from "@/components/icons";
import { useLogout } from "@/features/auth/use-logout";
import { paths } from "@/lib/paths";
import { useBodyScrollLock } from "@/lib/use-body-scroll-lock";
import type { PublicNavLink } from "./public-nav";

/** Spec section 2: menu items come in one after another, 100 ms apart. */
const staggerMs = 100;

type MobileMenuProps = {
  id: string;
  links: PublicNavLink[];
  signedIn: boolean;
  /** The bar's button that opens and closes the menu. */
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The full-screen menu below the bar on small screens; the page behind it does not scroll and is out of
 * reach (inert) while it is open, the bar with its close button aside.
 */
export function MobileMenu({ id, links, signedIn, toggleRef }: MobileMenuProps) {
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const menuRef = useRef<HTMLElement>(null);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);
  useBodyScrollLock(true);

  useEffect(() => {
    const menu = menuRef.current;
    const toggle = toggleRef.current;
    // The menu covers the page below the bar: Tab past its last link must not go on into the page unseen.
    const covered = Array.from(menu?.parentElement?.children ?? []).filter(
      (element) => element !== menu && !(toggle && element.contains(toggle)) && !element.hasAttribute("inert"),
    );
    for (const element of covered) element.setAttribute("inert", "");
    firstLinkRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") dispatch(setMenuOpen(false));
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      for (const element of covered) element.removeAttribute("inert");
      // What had focus went with the menu: it goes back to the button, not to the start of the page.
      if (document.activeElement === document.body) toggle?.focus();
    };
  }, [dispatch, toggleRef]);

  const close = () => dispatch(setMenuOpen(false));
  const delay = (index: number) => ({ animationDelay: `${index * staggerMs}ms` });

  return (
    <nav
      ref={menuRef}
      id={id}
      aria-label={uiCopy.nav.mainNavigation}
      className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-white px-6 pt-6 pb-10 md:hidden"
    >
      <ul className="space-y-1">
        {links.map((link, index) => (
          <li key={link.to} className="motion-safe:animate-menu-item" style={delay(index)}>
            <NavLink
              ref={index === 0 ? firstLinkRef : undefined}
              to={link.to}
              end={link.end}
              onClick={close}
              className={({ isActive }) =>
                `flex items-center justify-between rounded-xl px-4 py-3 text-2xl font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-50"
                }`
              }
            >
              {link.label}
              <ArrowRightIcon className="size-5 text-slate-400" />
            </NavLink>
          </li>
        ))}
        {signedIn ? (
          <li className="motion-safe:animate-menu-item" style={delay(links.length)}>
            <button
              type="button"
              onClick={() => {
                close();
                logout();
              }}
              className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left text-2xl font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <UserIcon className="size-6 text-slate-500" />
              {uiCopy.nav.account}
              <span className="ml-auto text-sm font-medium text-slate-500">{uiCopy.nav.logout}</span>
            </button>
          </li>
        ) : null}
      </ul>
      <div className="mt-8 motion-safe:animate-menu-item" style={delay(links.length + 1)}>
        <Link to={paths.shop} onClick={close} className={buttonClasses("primary", "lg", "w-full")}>
          {uiCopy.nav.shopNow}
        </Link>
      </div>
    </nav>
  );
}
