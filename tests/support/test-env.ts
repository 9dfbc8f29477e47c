// The configuration every suite's server and database share, so that whichever suite seeds the
// database first (Vitest or the Playwright server, on one PostgreSQL) seeds the same accounts.
import { tmpdir } from "node:os";
import path from "node:path";

/** Where the suites' server writes its log lines (lib/log.mjs), for the tests that read them. */
export const TEST_LOG_FILE = path.join(tmpdir(), `olimpiada-e2e-${process.env.E2E_PORT ?? 3210}.log`);

export const TEST_ENV = {
  // The suites register and pay on any day, on clocks of their own (tests/unit/seasons.test.ts steps outside).
  REGISTRATION_OPENS: "2020-01-01",
  REGISTRATION_CLOSES: "2099-12-31",
  AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
  CREDENTIALS_KEY: "e2e-credentials-key-0123456789abcdef0123",
  BOT_API_TOKEN: "e2e-bot-token-0123456789abcdef0123456789",
  PAYME_KEY: "e2e-payme-key",
  CLICK_SECRET_KEY: "e2e-click-secret",
  ADMIN_USERNAME: "organiser",
  ADMIN_PASSWORD: "e2e-organiser-password",
  TEST_SUPPORT_TOKEN: "e2e-test-support-token-0123456789abcdef",
  METRICS_TOKEN: "e2e-metrics-token-0123456789abcdef0123456",
  LOG_FILE: TEST_LOG_FILE,
} as const;

/** The fiscal receipt's settings the payment suites run with (an item code and a TIN of the right shapes). */
export const TEST_FISCAL = {
  FISCAL_ITEM_TITLE: "Yozgi ilmiy lager olimpiadasida ishtirok etish",
  FISCAL_MXIK_CODE: "10305008002000000",
  FISCAL_PACKAGE_CODE: "1545007",
  FISCAL_VAT_PERCENT: "12",
  FISCAL_TIN: "305123456",
  CLICK_MERCHANT_USER_ID: "41234",
};

/** How long a test that seeds the whole demo may take: 25 s on an idle machine of two cores, more on a busy one. */
export const DEMO_SEED_MS = 180_000;
