import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Real sockets and child processes: generous per-test ceiling, but tests wait on events, not clocks.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
