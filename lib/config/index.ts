// The deployment's settings, read from the environment and validated once, behind config(): safe
// development defaults, and a loud failure for what a production server must not run with. Each
// concern's settings and what the app reads of them live beside this file (database, payments,
// secrets, rules); .env.example lists them all.
import "server-only";
import { z } from "zod";
import { logSettings, serverConfig } from "../server-config.mjs";
import { databaseConfig, databaseSettings } from "./database";
import { paymentConfig, paymentProblem, paymentSettings } from "./payments";
import { ruleConfig, ruleSettings } from "./rules";
import { productionProblems, secretConfig, secretSettings } from "./secrets";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  ...databaseSettings.shape,
  ...paymentSettings.shape,
  ...secretSettings.shape,
  ...ruleSettings.shape,
});

function load() {
  // A variable left empty (`DATABASE_URL=` as in .env.example) is not set.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")} (${i.message})`).join(", ");
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const env = parsed.data;
  const problem = paymentProblem(env);
  if (problem) throw new Error(`Invalid configuration: ${problem}`);
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
    ...databaseConfig(env),
    ...paymentConfig(env, production),
    ...secretConfig(env),
    ...ruleConfig(env),
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
