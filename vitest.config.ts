// Vitest runs the rules (tests/unit) against a real database: in-memory PGlite, or DATABASE_URL.
import path from "node:path";
import { defineConfig } from "vitest/config";
import { TEST_ENV } from "./tests/support/test-env";

const DEMO = "tests/unit/demo.test.ts";

export default defineConfig({
  // The certificate is drawn from JSX (next/og), rendered here as the server renders it.
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // Query modules guard against client bundles with `server-only`; tests are the server.
      "server-only": path.resolve(__dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    setupFiles: ["tests/support/messages.ts"],
    globalSetup: ["tests/support/build-workers.ts"],
    environment: "node",
    // PUBLIC_URL set, as on a deployment: links name it (no request to take an address from).
    env: { ...TEST_ENV, PGLITE_DIR: "memory://", NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // The demo's seed makes last season the one taking registrations for a moment (its list is
    // finalised as last June's was): on a database the other files share, it runs after them all.
    projects: [
      { extends: true, test: { name: "rules", include: ["tests/unit/**/*.test.ts"], exclude: [DEMO], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: "demo", include: [DEMO], sequence: { groupOrder: 1 } } },
    ],
  },
});
