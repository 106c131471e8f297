import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: real server processes (dist/main.js) are signalled, killed and starved of
 * their database. One file at a time: they measure timings and load a 2-core machine on their own.
 */
export default defineConfig({
  test: {
    include: ["test/faults/**/*.test.ts", "test/scale-out/**/*.test.ts"],
    globalSetup: ["test/faults/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
