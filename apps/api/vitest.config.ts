import { defineConfig } from "vitest/config";

/** Suites npm test leaves to their own commands (npm run test:security, npm run test:faults). */
const elsewhere = ["test/security/**", "test/faults/**", "test/scale-out/**", "**/node_modules/**"];
/** Files that replace a module with vi.mock: they need a module graph of their own. */
const mocking = ["test/sender-wake.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...elsewhere, ...mocking],
          // A worker keeps the modules it has loaded from one file to the next instead of importing the app
          // again for each: importing was half the suite's CPU (148 of ~300 s, 85 files) on a 2-core machine.
          // Each file still opens its own database and builds its own app (test/harness.ts).
          isolate: false,
        },
      },
      { extends: true, test: { name: "api-mocking", include: mocking } },
    ],
  },
});
