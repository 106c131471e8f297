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
    : { outDir: "dist", emptyOutDir: true, manifest: true },
  ssr: { noExternal: true },
  // React and friends pick their build from NODE_ENV at run time; the server bundle must not leave that to
  // the environment, or it renders with React's development build, several times slower.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: { name: "dom", include: ["src/**/*.test.tsx"], environment: "jsdom", setupFiles: ["src/test/setup.ts"] },
      },
    ],
  },
}));
