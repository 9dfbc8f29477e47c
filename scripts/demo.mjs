// `npm run demo`: the whole product on the embedded database with demo data, payments simulated.
import { spawn } from "node:child_process";
import { demoReceipts } from "./demo-receipts.mjs";
import { ensureBuild, ensureDependencies, localSecrets, root } from "./env.mjs";

ensureDependencies();
ensureBuild();

const port = process.env.PORT ?? "3000";
const secrets = localSecrets();
// Fiscal settings of the demo's own, Click's receipts answered by a stand-in on loopback (./demo-receipts.mjs).
const receipts = await demoReceipts(process.env);
// Its own process group, so stopping the demo stops every process of the server with it.
const server = spawn(process.execPath, ["server/main.mjs", "-p", port], {
  cwd: root,
  stdio: "inherit",
  detached: true,
  env: {
    ...secrets,
    ...process.env,
    ...receipts,
    SEED_DEMO: "true",
    // The demo's accounts and their passwords are public on purpose.
    DEMO_PUBLIC: "true",
    // The organiser's password is shown in the banner only when the demo generated it here.
    ADMIN_PASSWORD_GENERATED: process.env.ADMIN_PASSWORD ? "false" : "true",
    PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX ?? "true",
    // No PUBLIC_URL of its own: links and QR codes follow the address a visitor opened (a phone on
    // the school's network opens this machine's), lib/http/site-origin.ts. The banner's is PORT's.
    PORT: port,
    PGLITE_DIR: process.env.PGLITE_DIR ?? ".data/demo",
    // One JSON line per request and event (lib/log.mjs), kept out of the terminal's way.
    LOG_FILE: process.env.LOG_FILE ?? ".data/demo.log",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
  },
});
const stopGroup = (signal) => {
  try {
    process.kill(-server.pid, signal);
  } catch {
    // already gone
  }
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stopGroup(signal));
process.on("exit", () => stopGroup("SIGKILL"));
server.on("exit", (code) => process.exit(code ?? 0));
