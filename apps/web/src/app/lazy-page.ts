import type { ComponentType } from "react";

/** A route's `lazy`: the page module is its own chunk, fetched when the route is first visited. */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
