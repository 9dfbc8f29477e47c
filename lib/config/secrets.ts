// The secrets and accounts: the session's secret, the head organiser's account, the key that
// seals parents' credentials, the tokens of the chat-bot, the test suites and the metrics.
import "server-only";
import { z } from "zod";
import { DEV_SECRET } from "../dev-secret.mjs";
import { bool } from "./fields";

export const secretSettings = z.object({
  AUTH_SECRET: z.string().min(1).optional(),
  // As every username is kept (lib/identity/sign-in normaliseUsername): the head organiser is found by it.
  ADMIN_USERNAME: z.string().trim().toLowerCase().min(5).max(30).default("organiser"),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** Set by `npm run demo` when it generated the organiser's password itself: its banner may show it. */
  ADMIN_PASSWORD_GENERATED: bool.default(false),
  CREDENTIALS_KEY: z.string().optional(),
  BOT_API_TOKEN: z.string().min(1).optional(),
  /** In production, demo data (whose passwords are public) only with this acknowledgement. */
  DEMO_PUBLIC: bool.default(false),
  /** Enables /api/test-support for the test suites; never set on a real deployment. */
  TEST_SUPPORT_TOKEN: z.string().min(32).optional(),
  /** The operator's bearer token for /api/metrics (Prometheus); unset: the path is not served. */
  METRICS_TOKEN: z
    .string()
    .min(32)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/** Our own secrets are random strings of this many characters at least (`openssl rand -hex 32`). */
const MIN_SECRET_LENGTH = 32;
const MIN_ADMIN_PASSWORD_LENGTH = 12;

/**
 * What a production server must not run with: missing or weak secrets (the providers' keys
 * included), a public demo by accident.
 */
export function productionProblems(
  env: z.output<typeof secretSettings> & { PAYME_KEY?: string; CLICK_SECRET_KEY?: string; SEED_DEMO: boolean },
): string[] {
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

export function secretConfig(env: z.output<typeof secretSettings>) {
  return {
    /** The organiser's password is a local one `npm run demo` generated: its banner shows it. */
    adminPasswordGenerated: env.ADMIN_PASSWORD_GENERATED,
    authSecret: env.AUTH_SECRET ?? DEV_SECRET,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD ?? "organiser-dev-password",
    credentialsKey: env.CREDENTIALS_KEY ?? DEV_SECRET,
    botApiToken: env.BOT_API_TOKEN ?? DEV_SECRET,
    testSupportToken: env.TEST_SUPPORT_TOKEN,
    metricsToken: env.METRICS_TOKEN,
  };
}
