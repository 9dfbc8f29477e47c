// `npm test`: every suite once — rules (Vitest) and endpoints + journeys (Playwright, Chromium) —
// on the embedded database, or on PostgreSQL when DATABASE_URL is set. Ends with one total line.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBuild, ensureChromium, ensureDependencies, root } from "./env.mjs";

ensureDependencies();
ensureChromium();
ensureBuild();

const out = path.join(root, ".data", "test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const database = process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
console.log(`\nRunning every suite on ${database}.\n`);

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_IGNORE_INCORRECT_LOCKFILE: "1" };
const unitReport = path.join(out, "unit.json");
const browserReport = path.join(out, "browser.json");
spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${unitReport}`], {
  stdio: "inherit",
  cwd: root,
  env,
});
spawnSync("npx", ["playwright", "test"], {
  stdio: "inherit",
  cwd: root,
  env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
});

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 }; // the runner itself failed
  const r = JSON.parse(readFileSync(file, "utf8"));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, "utf8"));
  const s = report.stats;
  // A spec that cannot even load (a top-level error) runs none of its tests: it counts as failed.
  return { passed: s.expected + s.flaky, failed: s.unexpected + (report.errors?.length ?? 0), skipped: s.skipped };
}

const unit = vitestCounts(unitReport);
const browser = playwrightCounts(browserReport);
const total = {
  passed: unit.passed + browser.passed,
  failed: unit.failed + browser.failed,
  skipped: unit.skipped + browser.skipped,
};
console.log(`\nunit (Vitest): ${unit.passed} passed, ${unit.failed} failed`);
console.log(`api + e2e (Playwright): ${browser.passed} passed, ${browser.failed} failed`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
