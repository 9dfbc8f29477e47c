// `npm run demo`: the whole product on the embedded database with demo data, payments simulated.
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, localSecrets, root } from "./env.mjs";

ensureDependencies();
ensureBuild();

const port = process.env.PORT ?? "3000";
const server = spawn("npx", ["next", "start", "-p", port], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...localSecrets(),
    ...process.env,
    SEED_DEMO: "true",
    PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX ?? "true",
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    PGLITE_DIR: process.env.PGLITE_DIR ?? ".data/demo",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
