import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time: a file spends most of its time waiting on its server and browser (a serial run
    // used 236 s of CPU in 434 s on a 2-core machine), so two share the cores well.
    fileParallelism: true,
    maxWorkers: 2,
    // expect.poll's default gives up after 1 s, less than a server round trip and a render take when two
    // servers and two browsers share a slow 2-core machine (an import's toast: 0.5 s alone, 2 s there).
    // A poll still passes as soon as its condition holds; this only says how long to keep looking.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
  },
});
