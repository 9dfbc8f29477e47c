// Shared by the demo and test launchers: dependencies, the browser, the production build.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies (npm ci)...");
  const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, encoding: "utf8" });
  if (ci.status === 0) {
    process.stdout.write(ci.stdout);
    return;
  }
  // A registry without other platforms' optional binaries makes `npm ci` refuse the lock as out
  // of sync (EUSAGE, a line per missing package); `npm install` installs the same locked tree.
  if (/EUSAGE|in sync/.test(ci.stderr)) {
    console.log(
      "This registry lacks other platforms' optional packages named in the lock; installing the same locked tree with npm install...",
    );
    run("npm", ["install", "--no-audit", "--no-fund"]);
    return;
  }
  process.stdout.write(ci.stdout);
  process.stderr.write(ci.stderr);
  throw new Error(`npm ci exited with ${ci.status ?? ci.signal}`);
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium (Playwright's own download cannot be fetched here). */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) {
    throw new Error(`Chromium not found at ${chromiumPath}. Install it: sudo apt-get install -y chromium`);
  }
  console.log("Installing Chromium from Debian's packages...");
  const apt = (...args) =>
    isRoot
      ? run("apt-get", args, { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
      : run("sudo", ["DEBIAN_FRONTEND=noninteractive", "apt-get", ...args]);
  apt("update", "-qq");
  apt("install", "-y", "-qq", "chromium");
}

const SOURCES = [
  "app",
  "components",
  "lib",
  "shared",
  "db",
  "public",
  "middleware.ts",
  "instrumentation.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-workers.mjs",
  "scripts/i18n-assets.ts",
  "scripts/precompress.mjs",
];

function hashSources() {
  const hash = createHash("sha256");
  const visit = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const entry of readdirSync(p).sort()) visit(path.join(p, entry));
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const s of SOURCES) visit(path.join(root, s));
  return hash.digest("hex");
}

/** `npm run build` (next build, the child programs, …), unless the last build was made from exactly these sources. */
export function ensureBuild() {
  const stamp = path.join(root, ".build", "source-hash");
  const hash = hashSources();
  if (existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8") === hash) {
    return;
  }
  console.log("Building the production bundle (npm run build)...");
  run("npm", ["run", "build"], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_IGNORE_INCORRECT_LOCKFILE: "1" } });
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, hash);
}

/** Secrets for a local demo or test run: random, kept under .data so sessions survive restarts. */
export function localSecrets() {
  const file = path.join(root, ".data", "local-secrets.json");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = () => randomBytes(32).toString("hex");
    writeFileSync(
      file,
      JSON.stringify({
        AUTH_SECRET: secret(),
        CREDENTIALS_KEY: secret(),
        BOT_API_TOKEN: secret(),
        PAYME_KEY: secret(),
        CLICK_SECRET_KEY: secret(),
        ADMIN_PASSWORD: randomBytes(9).toString("base64url"),
      }),
    );
  }
  return JSON.parse(readFileSync(file, "utf8"));
}
