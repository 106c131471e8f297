import type { Requirement } from "@shop/shared/permissions";
import { useEffect, useId, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useRouteMatches } from "@/app/app-routes";
import { ScrollRestoration } from "@/app/scroll-restoration";
import { NavigationProgress } from "@/components/navigation-progress";
import { useCan } from "@/lib/access";
import { mainContentId } from "@/lib/main-content";
import { useBodyScrollLock } from "@/lib/use-body-scroll-lock";
import { Forbidden } from "./forbidden";
import { Sidebar } from "./sidebar";
import { SkipLink } from "./skip-link";
import { Topbar } from "./topbar";

/** Admin routes declare what they need in `handle`; the layout checks it before rendering the page. */
export type AdminRouteHandle = { requirement?: Requirement };

function requirementOf(handle: unknown): Requirement | undefined {
  if (typeof handle !== "object" || handle === null || !("requirement" in handle)) return undefined;
  const { requirement } = handle;
  if (typeof requirement === "string") return requirement;
  if (Array.isArray(requirement) && requirement.every((entry) => typeof entry === "string")) return requirement;
  return undefined;
}

function usePageRequirements(): Requirement[] {
  return useRouteMatches().flatMap((match) => {
    const requirement = requirementOf(match.handle);
    return requirement ? [requirement] : [];
  });
}

export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();
  const can = useCan();
  const allowed = usePageRequirements().every(can);
  useBodyScrollLock(drawerOpen);

  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link in the drawer closes it
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    document.getElementById(drawerId)?.querySelector<HTMLElement>("a, button")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDrawerOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      // What had focus went with the drawer: it goes back to the button that opened it.
      if (document.activeElement === document.body) {
        const toggles = document.querySelectorAll<HTMLElement>("[aria-controls]");
        Array.from(toggles)
          .find((element) => element.getAttribute("aria-controls") === drawerId)
          ?.focus();
      }
    };
  }, [drawerOpen, drawerId]);

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <NavigationProgress />
      <ScrollRestoration />
      <aside
        className={`fixed inset-y-0 left-0 z-40 hidden transition-[width] duration-200 lg:block ${collapsed ? "w-20" : "w-64"}`}
      >
        <Sidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((value) => !value)} />
      </aside>
      {drawerOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-0 bg-slate-950/50"
            onClick={() => setDrawerOpen(false)}
          />
          <aside
            id={drawerId}
            className="absolute inset-y-0 left-0 w-72 max-w-[85vw] shadow-2xl motion-safe:animate-slide-in"
          >
            <Sidebar collapsed={false} onToggleCollapsed={() => undefined} onClose={() => setDrawerOpen(false)} />
          </aside>
        </div>
      ) : null}
      {/* The drawer covers the page: Tab must not go on into it unseen. */}
      <div
        inert={drawerOpen}
        className={`flex min-h-screen flex-col transition-[padding] duration-200 ${collapsed ? "lg:pl-20" : "lg:pl-64"}`}
      >
        <Topbar onOpenSidebar={() => setDrawerOpen(true)} sidebarOpen={drawerOpen} sidebarId={drawerId} />
        <main id={mainContentId} tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          {allowed ? <Outlet /> : <Forbidden />}
        </main>
      </div>
    </div>
  );
}
