import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

// findBy… and waitFor give up after 1 s by default; on a shared 2-core machine a lazy modal can take longer
// to appear without anything being wrong. A real failure still fails, just later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

// Files share one jsdom per worker (isolate: false): what one file left in storage must not reach the next.
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
});
