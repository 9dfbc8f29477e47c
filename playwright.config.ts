// Playwright runs the endpoint tests (tests/api) and the journeys (tests/e2e, phone and desktop)
// against a production build started here, on the embedded database or on DATABASE_URL.
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
/** Lets the suites make pupils through the server's domain functions (lib/testing). */
export const testSupportToken = "e2e-test-support-token-0123456789abcdef";

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
    { name: "api", testMatch: "api/**/*.spec.ts" },
    {
      name: "phone",
      testMatch: "e2e/**/*.spec.ts",
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
    { name: "desktop", testMatch: "e2e/**/*.spec.ts", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `npx next start -p ${port}`,
    url: `${baseURL}/api/Regions/GetAll`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      SEED_DEMO: "true",
      PAYMENTS_SANDBOX: "true",
      PUBLIC_URL: baseURL,
      PGLITE_DIR: "memory://",
      AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
      CREDENTIALS_KEY: "e2e-credentials-key",
      BOT_API_TOKEN: "e2e-bot-token-0123456789",
      PAYME_KEY: "e2e-payme-key",
      CLICK_SECRET_KEY: "e2e-click-secret",
      ADMIN_PASSWORD: "e2e-organiser-password",
      TEST_SUPPORT_TOKEN: testSupportToken,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
