import { defineConfig } from "vitest/config";

/** The repository's own scripts (the security runner's decisions): small, quick unit tests. */
export default defineConfig({ test: { include: ["scripts/**/*.test.mjs"] } });
