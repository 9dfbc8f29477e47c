// The operator's scrape: /api/metrics in Prometheus's text format, behind
// METRICS_TOKEN. The counters are kept as things happen (lib/metrics.mjs); the figures every
// instance shares are read from the database at each scrape: attempts running and connections.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { z } from "zod";
import { attempts } from "@/db/schema";
import { runningAttempt } from "@/lib/attempts/counting";
import { config } from "@/lib/config";
import { databaseHandle, db, selectRows } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { unauthorized } from "@/lib/identity/session";
import { metrics } from "@/lib/metrics.mjs";

/** The operator's bearer token: without one set the path is not there (404); a wrong one is 401. */
export function requireMetricsToken(request: Request): void {
  const expected = config().metricsToken;
  if (!expected) throw notFound();
  // Digests of equal length: the comparison tells nothing, not even the token's length.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  if (!timingSafeEqual(digest(request.headers.get("authorization") ?? ""), digest(`Bearer ${expected}`))) throw unauthorized();
}

/** How long a scrape waits for the database's figures: a stalled database must not stall the scrape. */
const DATABASE_FIGURES_MS = 1_000;

/**
 * The figures in Prometheus's text format, with the shared ones read now. When the database does
 * not answer within DATABASE_FIGURES_MS (at a saturated opening, when they are wanted most), the
 * process's own figures go out at once with the database's last ones.
 */
export async function scrape(now = new Date()): Promise<Response> {
  const figures = metrics();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    readDatabaseFigures(now).catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DATABASE_FIGURES_MS);
    }),
  ]);
  clearTimeout(timer);
  return new Response(await figures.registry.metrics(), {
    headers: { "Content-Type": figures.registry.contentType, "Cache-Control": "no-store" },
  });
}

async function readDatabaseFigures(now: Date): Promise<void> {
  const figures = metrics();
  const [{ running }] = await db.select({ running: count() }).from(attempts).where(runningAttempt(now));
  figures.attemptsRunning.set(Number(running));
  figures.databasePoolMax.set(config().databasePoolMax);
  if (databaseHandle().kind === "postgres") {
    const states = await selectRows(
      z.object({ state: z.string().nullable(), connections: z.number() }),
      db,
      sql`select state, count(*)::int as connections from pg_stat_activity where datname = current_database() group by state`,
    );
    figures.databaseConnections.reset();
    for (const { state, connections } of states) figures.databaseConnections.set({ state: state ?? "background" }, connections);
  }
}
