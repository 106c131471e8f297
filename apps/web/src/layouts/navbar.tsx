import { uiCopy } from "@shop/shared/ui-copy";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { setMenuOpen } from "@/app/store/ui-slice";
import { CartIcon, CloseIcon, MenuIcon } from "@/components/icons";
import { Logo } from "@/components/logo";
import { useSessionUser } from "@/features/auth/use-session-user";
import { openCartDrawer } from "@/features/cart/open-cart-drawer";
import { paths } from "@/lib/paths";
import { useScrolled } from "@/lib/use-scrolled";
import { publicNavLinks } from "./public-nav";

/** Spec section 9: the bar turns translucent once the page has scrolled more than 10 px. */
const scrollThreshold = 10;
export const mobileMenuId = "mobile-menu";

/** Opened by a tap on small screens only: its code comes with that first tap, not with the page. */
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));

/** Only signed-in staff see it, so visitors do not download it. */
const UserMenu = lazy(() => import("@/features/auth/user-menu").then((m) => ({ default: m.UserMenu })));

function CartLink() {
  const count = useAppSelector((state) => state.cart.items.reduce((sum, item) => sum + item.quantity, 0));
  return (
    <Link
      to={paths.cart}
      aria-label={uiCopy.nav.cart(count)}
      aria-haspopup="dialog"
      onClick={openCartDrawer}
      data-testid="cart-link"
      className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <CartIcon className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-bold leading-5 text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

export function Navbar() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => Boolean(state.auth.token));
  const menuOpen = useAppSelector((state) => state.ui.menuOpen);
  const scrolled = useScrolled(scrollThreshold);
  const { pathname } = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  useSessionUser();

  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link closes the mobile menu
  useEffect(() => {
    dispatch(setMenuOpen(false));
  }, [dispatch, pathname]);

  const links = publicNavLinks(signedIn);

  return (
    <>
      <header
        data-scrolled={scrolled}
        className={`sticky top-0 z-40 border-b transition-colors duration-300 ${
          scrolled && !menuOpen
            ? "border-slate-200/80 bg-white/85 shadow-sm backdrop-blur-md"
            : "border-transparent bg-white"
        }`}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label={uiCopy.nav.mainNavigation} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      `rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                        isActive ? "text-brand-700" : "text-slate-600 hover:text-slate-900"
                      }`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-1">
            <CartLink />
            {signedIn ? (
              <div className="hidden md:block">
                <Suspense fallback={null}>
                  <UserMenu />
                </Suspense>
              </div>
            ) : null}
            <button
              ref={menuButtonRef}
              type="button"
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
              aria-expanded={menuOpen}
              aria-controls={mobileMenuId}
              aria-label={menuOpen ? uiCopy.nav.closeMenu : uiCopy.nav.openMenu}
              onClick={() => dispatch(setMenuOpen(!menuOpen))}
            >
              {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            </button>
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop blur would make it the containing block of the fixed menu. */}
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu id={mobileMenuId} links={links} signedIn={signedIn} toggleRef={menuButtonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
