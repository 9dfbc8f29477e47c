// Playwright runs the endpoint tests (tests/api) and the journeys (tests/e2e, phone and desktop)
// against a production build started here, on the embedded database or on DATABASE_URL.
import { defineConfig, devices } from "@playwright/test";
import { TEST_ENV } from "./tests/support/test-env";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
/** Lets the suites make pupils through the server's domain functions (lib/testing). */
export const testSupportToken = TEST_ENV.TEST_SUPPORT_TOKEN;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests",
  testMatch: ["api/**/*.spec.ts", "e2e/**/*.spec.ts"],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: { baseURL, launchOptions: chromium, headless: true, trace: "off", locale: "uz-UZ", timezoneId: "Asia/Tashkent" },
  projects: [
    {
      name: "api",
      testMatch: "api/**/*.spec.ts",
      // Several app processes (the cluster, the deployment's layout), a second database or
      // PostgreSQL's own programs (the restore drill) need PostgreSQL: the embedded one is one process's.
      testIgnore: process.env.DATABASE_URL
        ? []
        : [
            "api/multi-instance.spec.ts",
            "api/replica.spec.ts",
            "api/restore-drill.spec.ts",
            "api/deployment.spec.ts",
            "api/processes.spec.ts",
            "api/database-outage.spec.ts",
          ],
    },
    {
      name: "phone",
      testMatch: "e2e/**/*.spec.ts",
      // A laptop's own checks (the console at 1280) run on the desktop alone.
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
    {
      name: "desktop",
      testMatch: "e2e/**/*.spec.ts",
      grepInvert: /@phone-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: `node server/main.mjs -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/api/Regions/GetAll`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      SEED_DEMO: "true",
      DEMO_PUBLIC: "true",
      // As if behind one proxy: the suites give each simulated client its own X-Forwarded-For.
      TRUST_PROXY_HOPS: "1",
      // The suites burst on purpose (100 sign-ins at once); admission control has its own server
      // and test (tests/api/admission.spec.ts).
      ADMISSION_LIMIT: "0",
      PAYMENTS_SANDBOX: "true",
      PUBLIC_URL: baseURL,
      PGLITE_DIR: "memory://",
      ...TEST_ENV,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
