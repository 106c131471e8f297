import { defineConfig } from "vitest/config";

/** `npm run test:security`: the attack suite, on the same per-file databases as the unit suite. */
export default defineConfig({
  test: {
    include: ["test/security/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Closes and drops, after each file, what the harness opened for it and nothing closed.
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // As in the unit suite (vitest.config.ts): a worker keeps its loaded modules from one file to the next;
    // each file still opens its own database and builds its own app. None of these files mocks a module.
    isolate: false,
  },
});
