import { adminCopy } from "@shop/shared/admin-copy";
import { useId, useState } from "react";
import { NavLink } from "react-router";
import { ChevronDownIcon, ChevronLeftIcon, CloseIcon } from "@/components/icons";
import { usePrincipal } from "@/lib/access";
import { type AdminNavGroup, type AdminNavLink, isNavGroup, visibleAdminNav } from "./admin-nav";

type SidebarProps = {
  /** The desktop rail shows icons only; labels stay for screen readers. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** In the mobile drawer there is a close button instead of the collapse toggle. */
  onClose?: () => void;
};

const itemClass = (isActive: boolean, collapsed: boolean) =>
  `flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-400 ${
    collapsed ? "justify-center px-2" : "px-3"
  } ${isActive ? "bg-brand-600 text-white shadow-sm" : "text-slate-300 hover:bg-white/5 hover:text-white"}`;

function SidebarLink({ item, collapsed }: { item: AdminNavLink; collapsed: boolean }) {
  const { Icon } = item;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      data-testid={`nav-${item.id}`}
      title={collapsed ? item.label : undefined}
      className={({ isActive }) => itemClass(isActive, collapsed)}
    >
      {Icon ? (
        <Icon className="size-5 shrink-0" />
      ) : (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      )}
      <span className={collapsed ? "sr-only" : "truncate"}>{item.label}</span>
    </NavLink>
  );
}

function SidebarGroup({
  group,
  collapsed,
  onExpand,
}: {
  group: AdminNavGroup;
  collapsed: boolean;
  onExpand: () => void;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const { Icon } = group;
  const expanded = open && !collapsed;

  return (
    <div>
      <button
        type="button"
        data-testid={`nav-${group.id}`}
        aria-expanded={expanded}
        aria-controls={listId}
        title={collapsed ? group.label : undefined}
        onClick={() => {
          if (collapsed) {
            onExpand();
            setOpen(true);
          } else setOpen((value) => !value);
        }}
        className={`${itemClass(false, collapsed)} w-full`}
      >
        <Icon className="size-5 shrink-0" />
        <span className={collapsed ? "sr-only" : "flex-1 truncate text-left"}>{group.label}</span>
        {collapsed ? null : (
          <ChevronDownIcon className={`size-4 shrink-0 transition-transform ${expanded ? "" : "-rotate-90"}`} />
        )}
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 ml-5 space-y-1 border-l border-white/10 pl-3">
        {group.children.map((child) => (
          <li key={child.id}>
            <SidebarLink item={child} collapsed={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The admin navigation: only the items the signed-in user's permissions allow. */
export function Sidebar({ collapsed, onToggleCollapsed, onClose }: SidebarProps) {
  const principal = usePrincipal();
  const items = visibleAdminNav(principal);

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-300">
      <div
        className={`flex h-16 shrink-0 items-center border-b border-white/10 ${collapsed ? "justify-center" : "justify-between px-5"}`}
      >
        <h2 className={collapsed ? "sr-only" : "text-lg font-bold tracking-tight text-white"}>
          {adminCopy.admin.heading}
        </h2>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={adminCopy.admin.closeSidebar}
            className="rounded-lg p-2 text-slate-400 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <CloseIcon />
          </button>
        ) : (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? adminCopy.admin.expandSidebar : adminCopy.admin.collapseSidebar}
            aria-expanded={!collapsed}
            className="rounded-lg p-2 text-slate-400 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <ChevronLeftIcon className={`size-5 transition-transform ${collapsed ? "rotate-180" : ""}`} />
          </button>
        )}
      </div>
      <nav aria-label={adminCopy.admin.adminNavigation} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              {isNavGroup(item) ? (
                <SidebarGroup group={item} collapsed={collapsed} onExpand={onToggleCollapsed} />
              ) : (
                <SidebarLink item={item} collapsed={collapsed} />
              )}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
