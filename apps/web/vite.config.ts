import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vitest/config";

/** Packages Recharts keeps its chart state in; the app's own store uses them too. */
const chartStatePackages =
  /^(@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store)(\/|$)/;
/** What must stay one instance for the whole page, whoever imports it. */
const singletons = /^(react|react-dom|scheduler)(\/|$)/;
const chartCopy = "?charts";

/**
 * Recharts runs its own Redux store. Left alone, it shares the app's Redux Toolkit module, and
 * everything Recharts uses from it (listener middleware, more of reselect) lands in the chunk the
 * storefront's first visit downloads. Giving Recharts its own copy of those packages (and of
 * whatever they import, React aside) keeps that cost in the dashboard's chunk; the two stores
 * never meet, so two copies are safe.
 */
function separateChartState(): Plugin {
  return {
    name: "separate-chart-state",
    // The bundle is what it is for; tests and the dev server load modules as they are.
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || singletons.test(source)) return null;
      const inCopy = importer.endsWith(chartCopy);
      const fromCharts = /[\\/]node_modules[\\/]recharts[\\/]/.test(importer) && chartStatePackages.test(source);
      if (!inCopy && !fromCharts) return null;
      const resolved = await this.resolve(source, importer.replace(chartCopy, ""), { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}${chartCopy}` } : resolved;
    },
  };
}

/** The modules that render / besides the entry (the routes check-bundle.mjs counts). */
const homeRouteModules = ["./src/layouts/public-layout.tsx", "./src/features/storefront/home-page.tsx"].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);
/** Shared helpers: hooks, components, API calls and copy, used by pages of every kind. */
const sharedHelper =
  /[\\/](src[\\/](lib[\\/]|components[\\/]|features[\\/][^\\/]+[\\/](api\b|use-))|packages[\\/]shared[\\/])/;
type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/**
 * The shared helpers the storefront's layout and home page import (not the entry's: those are in its own
 * chunk), as one chunk: split by importer, they made a dozen chunks of a few hundred bytes each, and
 * gzip does far better on one file than on twelve.
 */
function storefrontHelpers(): (id: string, graph: ModuleGraph) => string | null {
  let members: Set<string> | undefined;
  const collect = (graph: ModuleGraph) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) walk(imported);
    };
    for (const id of homeRouteModules) walk(id);
    return new Set([...seen].filter((id) => sharedHelper.test(id)));
  };
  return (id, graph) => {
    members ??= collect(graph);
    return members.has(id) ? "storefront" : null;
  };
}

const apiTarget = "http://localhost:8000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), separateChartState()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/uploads": { target: apiTarget, changeOrigin: true },
    },
  },
  // `vite build --ssr src/entry-server.tsx` makes the storefront renderer the API loads: bundled whole,
  // so it resolves nothing from node_modules at run time, and kept out of dist, which is served to the web.
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        manifest: true,
        // Everything the entry imports statically is downloaded by every page anyway: one chunk of it, not
        // the entry plus half a dozen small ones (React, the JSX runtime, the copy...) each gzipped apart.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "app", tags: ["$initial"], priority: 2 },
                { name: storefrontHelpers(), priority: 1 },
              ],
            },
          },
        },
      },
  ssr: { noExternal: true },
  // React and friends pick their build from NODE_ENV at run time; the server bundle must not leave that to
  // the environment, or it renders with React's development build, several times slower.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. Two
    // took the suite from 201 s to 135 s there; the longest tests (~3 s alone) get room to share a core.
    maxWorkers: 2,
    testTimeout: 15_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // A fresh jsdom and module graph per file cost most of the suite: 159 s → 51 s with one per worker
          // (77 s with files shuffled), all 442 tests passing either way. The setup's cleanup() unmounts
          // after each test, and every test renders with its own store and query client.
          isolate: false,
        },
      },
    ],
  },
}));
