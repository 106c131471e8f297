import { afterAll } from "vitest";
import { closeLeftovers } from "./harness.ts";

/**
 * Runs before each test file (setupFiles). Registered here, while vitest collects the file, this afterAll is
 * the file's first and so runs after all of the file's own: it closes, and on PostgreSQL drops, every app and
 * database the harness opened for the file that nothing else closed. Without it, an app made with
 * createTestApp inside a test (bounce-webhooks.test.ts) or without await in a describe callback
 * (smtp-failures.test.ts, mail-authentication.test.ts) was never closed and its database never dropped:
 * vitest silently ignores an afterAll registered once it has collected the file.
 */
afterAll(async () => {
  await closeLeftovers();
});

// A file whose tests are all skipped runs no hooks: what it opened is closed when this worker's next file
// starts, and the global teardown (test/global-setup.ts) drops and reports a database still there at the end.
await closeLeftovers();
