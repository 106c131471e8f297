import { Component, type ComponentType, createContext, type ReactNode, Suspense, use, useContext } from "react";
import { type Location, matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from "react-router";
import { FullScreenSpinner } from "@/components/spinner";

/** What a route's `lazy` gives (see lazy-page.ts and public-routes.ts). */
type RouteModule = { Component?: ComponentType | null; ErrorBoundary?: ComponentType | null };

const loaded = new WeakMap<RouteObject, RouteModule>();
const loading = new WeakMap<RouteObject, Promise<RouteModule>>();

/** A route's module, fetched once; a failed fetch is tried again by the next visit. */
export function loadRoute(route: RouteObject): Promise<RouteModule> {
  const lazy = route.lazy;
  if (typeof lazy !== "function") return Promise.resolve({});
  let promise = loading.get(route);
  if (!promise) {
    promise = (lazy() as Promise<RouteModule>).then(
      (module) => {
        loaded.set(route, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, promise);
  }
  return promise;
}

/**
 * Loads the modules of every route `location` shows, in parallel rather than layout by layout;
 * undefined when they are all loaded already.
 */
export function loadRoutesFor(routes: RouteObject[], location: Partial<Location> | string): Promise<void> | undefined {
  const missing = (matchRoutes(routes, location) ?? []).filter(({ route }) => route.lazy && !loaded.has(route));
  if (missing.length === 0) return undefined;
  return Promise.all(missing.map(({ route }) => loadRoute(route))).then(() => undefined);
}

type BoundaryProps = { fallback: ComponentType; at: string; children: ReactNode };

/** A route's ErrorBoundary; it clears when the visitor goes elsewhere, as the data router's did. */
class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: "" };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    if (state.failedAt === "") return { failedAt: props.at };
    return state.failedAt !== null && state.failedAt !== props.at ? { failedAt: null } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    const Fallback = this.props.fallback;
    return this.state.failedAt === null ? this.props.children : <Fallback />;
  }
}

/** A route's element: its module (suspending until loaded), inside its error boundary if it has one. */
function RouteElement({ route }: { route: RouteObject }) {
  const { pathname, search } = useLocation();
  const module = route.lazy ? (loaded.get(route) ?? use(loadRoute(route))) : route;
  const Page = module.Component;
  const page = Page ? <Page /> : (route.element ?? <Outlet />);
  const ErrorBoundary = module.ErrorBoundary ?? route.ErrorBoundary;
  if (!ErrorBoundary) return page;
  return (
    <RouteErrorBoundary fallback={ErrorBoundary} at={`${pathname}${search}`}>
      {page}
    </RouteErrorBoundary>
  );
}

/** The same tree for `useRoutes`, each route's lazy module and error boundary rendered by RouteElement. */
function declarative(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        handle: route.handle,
        element: <RouteElement route={route} />,
        children: route.children ? declarative(route.children) : undefined,
      }) as RouteObject,
  );
}

const RoutesContext = createContext<RouteObject[]>([]);

/**
 * The app's routes. The spinner covers a first load whose page code has not arrived. The table is read
 * afresh at each navigation (a cheap walk), so a table patched in (the admin pages) is seen.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return (
    <RoutesContext value={routes}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Matched routes={routes} />
      </Suspense>
    </RoutesContext>
  );
}

function Matched({ routes }: { routes: RouteObject[] }) {
  return useRoutes(declarative(routes));
}

/** The routes the current address matches, outermost first, with their `handle` (the data router's useMatches). */
export function useRouteMatches(): { handle: unknown }[] {
  const routes = useContext(RoutesContext);
  const location = useLocation();
  return (matchRoutes(routes, location) ?? []).map(({ route }) => ({ handle: route.handle }));
}
