import { uiCopy } from "@shop/shared/ui-copy";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useAppSelector } from "@/app/store/hooks";
import { ChevronDownIcon, LogoutIcon, UserIcon } from "@/components/icons";
import { roleLabelOf } from "@/lib/access";
import { paths } from "@/lib/paths";
import { useDismiss } from "@/lib/use-dismiss";
import { useLogout } from "./use-logout";

/** The user's name with the role in brackets: "Jane (Editor)". */
export function useUserHeadline(): { name: string; role: string; email: string } {
  const user = useAppSelector((state) => state.user);
  return {
    name: user.userInfo?.name ?? uiCopy.nav.account,
    role: roleLabelOf(user, uiCopy.nav.superAdmin, uiCopy.nav.noRole),
    email: user.userInfo?.email ?? "",
  };
}

type UserMenuProps = {
  /** The top bar shows name, role and email beside the avatar; the navbar only the name. */
  variant?: "navbar" | "topbar";
};

const menuItemClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** Arrow keys, Home and End move between the items of an open menu (the WAI-ARIA menu button pattern). */
function moveFocus(menu: HTMLElement, key: string): boolean {
  const items = Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  const active = document.activeElement;
  const current = active instanceof HTMLElement ? items.indexOf(active) : -1;
  const last = items.length - 1;
  const next =
    key === "ArrowDown"
      ? (current + 1) % items.length
      : key === "ArrowUp"
        ? (current - 1 + items.length) % items.length
        : key === "Home"
          ? 0
          : key === "End"
            ? last
            : null;
  if (next === null) return false;
  items[next]?.focus();
  return true;
}

/** The signed-in user's menu: who they are, Profile and Logout. */
export function UserMenu({ variant = "navbar" }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const menuId = useId();
  const { name, role, email } = useUserHeadline();
  const logout = useLogout();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(containerRef, open, close);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      close();
      triggerRef.current?.focus();
    } else if (event.key === "Tab") {
      close();
    } else if (menuRef.current && moveFocus(menuRef.current, event.key)) {
      event.preventDefault();
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        data-testid="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="sr-only">{uiCopy.nav.accountMenu}: </span>
        {variant === "topbar" ? (
          // At most 20rem, a line each: a 60-character role and a long address wrapped the button onto three
          // lines, 75 px tall in the 64 px bar at 640 px. Cut here, they are whole in the open menu's header.
          <span className="hidden max-w-xs min-w-0 text-left leading-tight sm:block">
            <span className="block truncate text-slate-900">
              {name} <span className="font-normal text-slate-500">({role})</span>
            </span>
            <span className="block truncate text-xs font-normal text-slate-500">{email}</span>
          </span>
        ) : (
          // From 768 px the navbar holds every link beside this button: shown there, the name pushed the
          // bar 64 px past the screen. Below 1024 px it is for screen readers; the menu's header shows it.
          <span className="max-w-32 truncate max-lg:sr-only">{name}</span>
        )}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>

      {open ? (
        <div className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl motion-safe:animate-pop-in">
          <div className="border-b border-slate-100 px-4 py-3">
            {/* Wraps rather than truncates: a role name may be 60 characters and an address 254, and a
                cut one could not be read. An address has no spaces, so it may break anywhere. */}
            <p className="text-sm font-semibold break-words text-slate-900" data-testid="user-menu-name">
              {name} ({role})
            </p>
            <p className="text-xs break-all text-slate-500">{email}</p>
          </div>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={triggerId}
            onKeyDown={onMenuKeyDown}
            className="p-1"
          >
            <Link
              to={paths.admin.profile}
              role="menuitem"
              tabIndex={-1}
              onClick={close}
              className={`${menuItemClass} text-slate-700 hover:bg-slate-100 focus:bg-slate-100`}
            >
              <UserIcon className="size-4" />
              {uiCopy.nav.profile}
            </Link>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                logout();
              }}
              className={`${menuItemClass} text-red-600 hover:bg-red-50 focus:bg-red-50`}
            >
              <LogoutIcon className="size-4" />
              {uiCopy.nav.logout}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
