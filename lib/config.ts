// Environment read and validated once, with safe development defaults and a loud failure for
// production secrets that are missing.
import "server-only";
import { z } from "zod";
import { isoDateOf } from "@/shared/time";
import { DEV_SECRET } from "./dev-secret.mjs";
import { logSettings, serverConfig } from "./server-config.mjs";

/** Sign-ins a second measured on one 2-core machine (app, PostgreSQL and the load together): bench:opening with everyone signing in at the opening printed 13.5. */
const SIGN_INS_MEASURED = 13;

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** A day, "2026-05-12" (or "12.05.2026"), as "2026-05-12". */
const day = z.string().transform((text, context) => {
  const iso = isoDateOf(text.trim());
  if (iso === null) context.addIssue({ code: "custom", message: "not a day" });
  return iso ?? z.NEVER;
});

/**
 * Uzbekistan's public holidays (Labour Code, art. 132): New Year, Women's Day, Navruz, Remembrance
 * Day, Independence Day, Teachers' Day, Constitution Day every year; Ramazon and Qurbon hayiti as
 * each year's decree sets them (2026 and 2027 here: add the next years' in PUBLIC_HOLIDAYS).
 */
const UZBEKISTAN_HOLIDAYS = "01-01,03-08,03-21,05-09,09-01,10-01,12-08,2026-03-20,2026-05-27,2027-03-10,2027-05-17";

/** The spec's registration period (12 to 31 May), in the current year: what a season without its own dates says. */
const thisYear = new Date().getUTCFullYear();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  /** A read replica for reports and exports (results, their files, item statistics); never attempts. */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** The connection that LISTENs for the organiser's acts (lib/live/changes.ts): PostgreSQL itself behind PgBouncer. */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** false behind PgBouncer in transaction mode: no named prepared statements on the server. */
  DATABASE_PREPARE: bool.default(true),
  /** Connections per app process (and per replica) to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** Where the embedded database keeps its files; "memory://" keeps nothing. */
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** Apply pending migrations and reference data at start (off for scaled-out deployments). */
  MIGRATE_ON_START: bool.default(true),
  SEED_DEMO: bool.default(false),
  AUTH_SECRET: z.string().min(1).optional(),
  REDIS_URL: z.string().url().optional(),
  /** Keys in Redis start with this: deployments (or test runs) sharing one Redis keep apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default("olimpiada"),
  // As every username is kept (lib/identity/sign-in normaliseUsername): the head organiser is found by it.
  ADMIN_USERNAME: z.string().trim().toLowerCase().min(5).max(30).default("organiser"),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  REGISTRATION_FEE_SOM: z.coerce.number().int().positive().default(75_000),
  /** The season's registration period, as the public offer states it (first and last day). */
  REGISTRATION_OPENS: day.default(`${thisYear}-05-12`),
  REGISTRATION_CLOSES: day.default(`${thisYear}-05-31`),
  PAYME_MERCHANT_ID: z.string().default("000000000000000000000000"),
  PAYME_KEY: z.string().optional(),
  PAYME_CHECKOUT_URL: z.string().url().default("https://checkout.paycom.uz/"),
  CLICK_SERVICE_ID: z.string().default("00000"),
  CLICK_MERCHANT_ID: z.string().default("00000"),
  CLICK_SECRET_KEY: z.string().optional(),
  CLICK_PAY_URL: z.string().url().default("https://my.click.uz/services/pay"),
  /** Click's merchant API (the fiscal receipt's submit_items) and the user id its Auth header names. */
  CLICK_API_URL: z.string().url().default("https://api.click.uz/v2/merchant"),
  CLICK_MERCHANT_USER_ID: z
    .string()
    .regex(/^\d{1,12}$/, "digits")
    .optional(),
  /**
   * The fee's fiscal receipt (lib/payments/fiscal.ts): the title the receipt prints, its MXIK code,
   * package code, VAT percentage and the organiser's TIN (or PINFL). All or none (.env.example).
   */
  FISCAL_ITEM_TITLE: z
    .string()
    .trim()
    .min(3)
    // Click takes at most 63 characters (submit_items' Name).
    .max(63)
    .regex(/^[^\p{Cc}]+$/u, "no control characters")
    .optional(),
  FISCAL_MXIK_CODE: z
    .string()
    .regex(/^\d{17}$/, "17 digits, from the tax office's classifier")
    .optional(),
  FISCAL_PACKAGE_CODE: z
    .string()
    .regex(/^\d{1,20}$/, "digits")
    .optional(),
  FISCAL_VAT_PERCENT: z.coerce.number().int().min(0).max(100).optional(),
  FISCAL_TIN: z
    .string()
    .regex(/^(\d{9}|\d{14})$/, "a 9-digit TIN or a 14-digit PINFL")
    .optional(),
  CARD_CHECKOUT_SCRIPT_URL: z.string().optional(),
  PAYMENTS_SANDBOX: bool.optional(),
  CREDENTIALS_KEY: z.string().optional(),
  BOT_API_TOKEN: z.string().min(1).optional(),
  CHAT_BOT_URL: z.string().url().default("https://t.me/olimpiada_lager_bot"),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d ()-]{5,20}$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Sign-ins a second this deployment serves at most (bench:opening with BENCH_SIGN_IN_SECONDS=0
   * prints it, as does the rehearsal): the console tells from it how long check-in must last.
   */
  SIGN_INS_PER_SECOND: z.coerce.number().positive().max(100_000).default(SIGN_INS_MEASURED),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  DEMO_PIN: z
    .string()
    .regex(/^\d{4,8}$/)
    .default("1234"),
  /** In production, demo data (whose passwords are public) only with this acknowledgement. */
  DEMO_PUBLIC: bool.default(false),
  /** Set by `npm run demo` when it generated the organiser's password itself: its banner may show it. */
  ADMIN_PASSWORD_GENERATED: bool.default(false),
  /** Enables /api/test-support for the test suites; never set on a real deployment. */
  TEST_SUPPORT_TOKEN: z.string().min(32).optional(),
  /**
   * Months after a pupil's olympiad (their test's close) when their phone number and birth date
   * are removed (lib/personal-data/personal-data.ts); results and certificates stay.
   */
  PERSONAL_DATA_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /**
   * The answer-copying screening (lib/integrity): the false discovery rate its flags are held to
   * (Benjamini–Hochberg; 0.01 is 1 %), and the fewest questions two pupils must share to be compared.
   */
  SCREENING_FDR: z.coerce.number().positive().max(0.2).default(0.01),
  SCREENING_MIN_SHARED: z.coerce.number().int().min(3).max(100).default(10),
  /**
   * Appeals (lib/subject-tests/appeals-deadline.ts): open this many working days after a test closes, as in the
   * national testing; the working week as ISO weekdays (1 Monday … 7 Sunday); the public holidays,
   * "MM-DD" every year or "YYYY-MM-DD" once (the movable feasts and the days the government moves).
   */
  APPEAL_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(5),
  WORKING_WEEK: z
    .string()
    .regex(/^[1-7](,[1-7]){0,6}$/)
    .default("1,2,3,4,5"),
  PUBLIC_HOLIDAYS: z
    .string()
    .regex(/^((\d{4}-)?\d{2}-\d{2})(,(\d{4}-)?\d{2}-\d{2})*$/)
    .default(UZBEKISTAN_HOLIDAYS),
  /** The operator's bearer token for /api/metrics (Prometheus); unset: the path is not served. */
  METRICS_TOKEN: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/** The fiscal receipt's settings: all set, or none. */
const FISCAL_SETTINGS = ["FISCAL_ITEM_TITLE", "FISCAL_MXIK_CODE", "FISCAL_PACKAGE_CODE", "FISCAL_VAT_PERCENT", "FISCAL_TIN"] as const;

/** Our own secrets are random strings of this many characters at least (`openssl rand -hex 32`). */
const MIN_SECRET_LENGTH = 32;
const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** What a production server must not run with: missing or weak secrets, a public demo by accident. */
function productionProblems(env: z.output<typeof schema>): string[] {
  const problems: string[] = [];
  const required = ["AUTH_SECRET", "CREDENTIALS_KEY", "BOT_API_TOKEN", "PAYME_KEY", "CLICK_SECRET_KEY", "ADMIN_PASSWORD"] as const;
  const missing = required.filter((k) => !env[k]);
  if (missing.length > 0) problems.push(`missing ${missing.join(", ")}`);
  // The providers issue PAYME_KEY and CLICK_SECRET_KEY; the rest are ours to make long.
  const weak = (["AUTH_SECRET", "CREDENTIALS_KEY", "BOT_API_TOKEN"] as const).filter((k) => {
    const value = env[k];
    return value !== undefined && (value.length < MIN_SECRET_LENGTH || value === DEV_SECRET || new Set(value).size < 8);
  });
  if (weak.length > 0) problems.push(`too weak (at least ${MIN_SECRET_LENGTH} random characters): ${weak.join(", ")}`);
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < MIN_ADMIN_PASSWORD_LENGTH) {
    problems.push(`ADMIN_PASSWORD shorter than ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  if (env.SEED_DEMO && !env.DEMO_PUBLIC) {
    problems.push("SEED_DEMO=true seeds accounts whose passwords are public: set DEMO_PUBLIC=true as well if that is meant");
  }
  return problems;
}

function load() {
  // A variable left empty (`DATABASE_URL=` as in .env.example) is not set.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")} (${i.message})`).join(", ");
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const env = parsed.data;
  if (env.REGISTRATION_CLOSES < env.REGISTRATION_OPENS)
    throw new Error("Invalid configuration: REGISTRATION_CLOSES before REGISTRATION_OPENS");
  const fiscalSet = FISCAL_SETTINGS.filter((k) => env[k] !== undefined);
  if (fiscalSet.length > 0 && fiscalSet.length < FISCAL_SETTINGS.length) {
    const missing = FISCAL_SETTINGS.filter((k) => env[k] === undefined);
    throw new Error(`Invalid configuration: ${missing.join(", ")} (the fiscal receipt's settings go together: set all of them, or none)`);
  }
  // Click's receipt is submitted by us, under the merchant user's id.
  if (fiscalSet.length > 0 && env.CLICK_MERCHANT_USER_ID === undefined)
    throw new Error(
      "Invalid configuration: CLICK_MERCHANT_USER_ID (Click's receipts are submitted under it: set it with the FISCAL_* settings)",
    );
  const production = env.NODE_ENV === "production";
  if (production) {
    const problems = productionProblems(env);
    if (problems.length > 0) {
      throw new Error(`Refusing to start in production: ${problems.join("; ")} (see .env.example)`);
    }
  }
  if (env.TEST_SUPPORT_TOKEN && env.PUBLIC_URL.startsWith("https://")) {
    throw new Error("TEST_SUPPORT_TOKEN must not be set on a deployment served over HTTPS");
  }
  return {
    production,
    databaseUrl: env.DATABASE_URL,
    databasePrepare: env.DATABASE_PREPARE,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseReplicaUrl: env.DATABASE_URL ? env.DATABASE_REPLICA_URL : undefined,
    databaseListenUrl: env.DATABASE_URL ? (env.DATABASE_LISTEN_URL ?? env.DATABASE_URL) : undefined,
    pgliteDir: env.PGLITE_DIR,
    migrateOnStart: env.MIGRATE_ON_START,
    seedDemo: env.SEED_DEMO,
    /** The organiser's password is a local one `npm run demo` generated: its banner shows it. */
    adminPasswordGenerated: env.ADMIN_PASSWORD_GENERATED,
    authSecret: env.AUTH_SECRET ?? DEV_SECRET,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD ?? "organiser-dev-password",
    registrationFeeSom: env.REGISTRATION_FEE_SOM,
    /** The registration period the offer states: "2026-05-12" to "2026-05-31". */
    registrationPeriod: { opens: env.REGISTRATION_OPENS, closes: env.REGISTRATION_CLOSES },
    payme: {
      merchantId: env.PAYME_MERCHANT_ID,
      key: env.PAYME_KEY ?? DEV_SECRET,
      checkoutUrl: env.PAYME_CHECKOUT_URL,
    },
    click: {
      serviceId: env.CLICK_SERVICE_ID,
      merchantId: env.CLICK_MERCHANT_ID,
      secretKey: env.CLICK_SECRET_KEY ?? DEV_SECRET,
      payUrl: env.CLICK_PAY_URL,
      apiUrl: env.CLICK_API_URL.replace(/\/+$/, ""),
      merchantUserId: env.CLICK_MERCHANT_USER_ID,
    },
    /** The receipt's item (all of FISCAL_* set), or null: no receipt is registered. */
    fiscal:
      env.FISCAL_ITEM_TITLE !== undefined &&
      env.FISCAL_MXIK_CODE !== undefined &&
      env.FISCAL_PACKAGE_CODE !== undefined &&
      env.FISCAL_VAT_PERCENT !== undefined &&
      env.FISCAL_TIN !== undefined
        ? {
            title: env.FISCAL_ITEM_TITLE,
            mxikCode: env.FISCAL_MXIK_CODE,
            packageCode: env.FISCAL_PACKAGE_CODE,
            vatPercent: env.FISCAL_VAT_PERCENT,
            tin: env.FISCAL_TIN,
          }
        : null,
    cardCheckoutScriptUrl: env.CARD_CHECKOUT_SCRIPT_URL,
    // Simulated payments only when asked for in production; on by default elsewhere.
    paymentsSandbox: env.PAYMENTS_SANDBOX ?? !production,
    credentialsKey: env.CREDENTIALS_KEY ?? DEV_SECRET,
    botApiToken: env.BOT_API_TOKEN ?? DEV_SECRET,
    chatBotUrl: env.CHAT_BOT_URL,
    supportPhone: env.SUPPORT_PHONE,
    signInsPerSecond: env.SIGN_INS_PER_SECOND,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ""),
    /** PUBLIC_URL was given: the links and QR codes handed out name it, not the address a visitor opened (lib/http/site-origin.ts). */
    publicUrlSet: process.env.PUBLIC_URL !== undefined && process.env.PUBLIC_URL !== "",
    demoPin: env.DEMO_PIN,
    testSupportToken: env.TEST_SUPPORT_TOKEN,
    metricsToken: env.METRICS_TOKEN,
    personalDataMonths: env.PERSONAL_DATA_MONTHS,
    screening: { fdr: env.SCREENING_FDR, minShared: env.SCREENING_MIN_SHARED },
    appeals: {
      workingDays: env.APPEAL_WORKING_DAYS,
      workingWeek: env.WORKING_WEEK.split(",").map(Number),
      holidays: env.PUBLIC_HOLIDAYS.split(","),
    },
    trustProxyHops: serverConfig().trustProxyHops,
    /** Where the log lines go (LOG_FILE); unset: standard output. */
    logFile: logSettings().file,
  };
}

export type Config = ReturnType<typeof load>;

let cached: Config | undefined;

/** The validated configuration; read lazily so that `next build` needs no secrets. */
export function config(): Config {
  cached ??= load();
  return cached;
}
