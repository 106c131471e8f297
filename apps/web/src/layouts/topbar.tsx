import { adminCopy } from "@shop/shared/admin-copy";
import { Link } from "react-router";
import { MenuIcon, StoreIcon } from "@/components/icons";
import { UserMenu } from "@/features/auth/user-menu";
import { paths } from "@/lib/paths";

type TopbarProps = { onOpenSidebar: () => void; sidebarOpen: boolean; sidebarId: string };

/** Who is signed in — name, role in brackets, email — with Profile and Logout behind it. */
export function Topbar({ onOpenSidebar, sidebarOpen, sidebarId }: TopbarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center justify-between gap-4 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:px-8">
      <button
        type="button"
        onClick={onOpenSidebar}
        aria-label={adminCopy.admin.openSidebar}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <div className="ml-auto flex items-center gap-2">
        <Link
          to={paths.home}
          className="hidden items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex"
        >
          <StoreIcon className="size-4" />
          {adminCopy.admin.viewStore}
        </Link>
        <UserMenu variant="topbar" />
      </div>
    </header>
  );
}
