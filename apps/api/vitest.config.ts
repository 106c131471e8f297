import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Their own commands (npm run test:security, npm run test:faults) run these; npm test runs them after.
    exclude: ["test/security/**", "test/faults/**", "test/scale-out/**", "**/node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
