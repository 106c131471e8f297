import { defineConfig } from "vitest/config";

/** Suites npm test leaves to their own commands (npm run test:security, npm run test:faults). */
const elsewhere = ["test/security/**", "test/faults/**", "test/scale-out/**", "**/node_modules/**"];
/**
 * Files that open the embedded database themselves, or none, whatever TEST_DATABASE_URL says: they run
 * the same in the PostgreSQL run as in the PGlite one, so that run leaves them out (about 115 s of the
 * files' time, a minute of CI's on a 2-core machine). A file that calls the harness (createTestApp) does
 * use TEST_DATABASE_URL and must not be listed.
 */
const sameOnEveryDatabase = [
  "src/ops/backup.test.ts",
  "src/ops/backup-refusals.test.ts",
  "src/ops/backup-cli.test.ts",
  "src/db/embedded-lock.test.ts",
  "src/worker.test.ts",
  "src/mail/smtp-client.test.ts",
  "src/mail/smtp-tls.test.ts",
  "test/pglite-vacuum.test.ts",
  "test/pglite-memory.test.ts",
];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Files that replace a module with vi.mock: they need a module graph of their own. */
const mocking = ["test/sender-wake.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    // Closes and drops, after each file, what the harness opened for it and nothing closed.
    setupFiles: ["test/setup.ts"],
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
          exclude: [...elsewhere, ...mocking, ...(onPostgres ? sameOnEveryDatabase : [])],
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
