// What a server does before its first request: migrations, reference data and, if asked, the demo.
import "server-only";
import { networkInterfaces } from "node:os";
import { config } from "@/lib/config";
import { databaseHandle, db } from "@/lib/db/client";
import { exclusively } from "@/lib/db/migrate";
import { seedDemo } from "./demo";
import { migrateAndSeedHeld } from "./migrate";

/** This machine's addresses on its networks (IPv4, not loopback): where a phone beside it opens the demo. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === "IPv4" && !entry.internal)
    .map((entry) => entry.address);
}

export async function prepareDatabase({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  const c = config();
  // One instance or process at a time: several starting together on a fresh database seed it once.
  const demo = await exclusively(async () => {
    if (c.migrateOnStart) await migrateAndSeedHeld();
    return c.seedDemo ? seedDemo(db, { feeSom: c.registrationFeeSom, pinCode: c.demoPin }) : null;
  });
  if (!demo || quiet) return;
  // Without PUBLIC_URL (the demo) links follow the visitor's address: here, this machine's own.
  const base = c.publicUrlSet ? c.publicUrl : `http://localhost:${process.env.PORT ?? "3000"}`;
  const port = new URL(base).port || "80";
  const after = demo.afterTest;
  const phone = networkAddresses().map((address) => `http://${address}:${port}`);
  const lines = [
    "",
    "Olimpiada demo",
    `  database:             ${databaseHandle().kind === "pglite" ? `embedded (${c.pgliteDir})` : "PostgreSQL"}`,
    `  payments:             ${c.paymentsSandbox ? "SIMULATED (sandbox checkout, no real money)" : "real providers"}`,
    `  fiscal receipts:      ${c.fiscal ? "registered by Payme and Click" : "NOT registered (no FISCAL_* settings: see .env.example)"}`,
    `  logs:                 ${c.logFile ?? "standard output"} (one JSON line per request and event)`,
    `  status page:          ${base}/holat`,
    `  new registration:     ${base}/register`,
    `  unpaid registration:  ${base}/register/${demo.guids.registered}`,
    `  paid registration:    ${base}/register/${demo.guids.paid}`,
    `  Russian family:       ${base}/register/${demo.guids.paidRussian}?lang=ru`,
    `  sign in:              ${base}/login`,
    `  payments register:    ${base}/admin/payments (as the organiser: every payment, its receipt, the day's totals)`,
    `  pupil:                ${demo.pupil.username} / ${demo.pupil.password}   (test PIN ${c.demoPin}, open for 7 days)`,
    `  Russian-school pupil: ${demo.russianPupil.username} / ${demo.russianPupil.password}   (${base}/login?lang=ru: the site and the test in Russian)`,
    "  after the test (9-sinf Matematika, closed two weeks ago, list final; 9-sinf Fizika, closed yesterday, appeals open):",
    `    where to look:      ${base}/admin/results (as the organiser: item statistics, screening, appeals, final list, protocol), ${base}/admin/rehearsal`,
    `    final result:       ${base}/register/${after.final.guid}   pupil ${after.final.username} / ${after.final.password}`,
    `    appeal waiting:     ${base}/register/${after.appealing.guid}?lang=ru   pupil ${after.appealing.username} / ${after.appealing.password}`,
    `  last season (closed, list final): ${base}/register/${demo.lastSeason.guid}   certificate ${base}/cert/${demo.lastSeason.username}   (${base}/admin/seasons: the seasons, the next one opened)`,
    // A production log is read by more people than the organiser: a password someone set stays
    // where it was set. The one `npm run demo` generated locally is shown, as the demo's own.
    `  organiser:            ${c.adminUsername} / ${c.production && !c.adminPasswordGenerated ? "(the password in ADMIN_PASSWORD)" : c.adminPassword}   (${base}/admin)`,
    ...(phone.length > 0 ? [`  on a phone (same network): ${phone.join("  ")}`] : []),
    "  stop:                 Ctrl+C",
    "",
  ];
  console.log(lines.join("\n"));
}
