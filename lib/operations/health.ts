// The health check's answer: "ok", or 503 naming the database while this process has found it
// away (lib/db/availability.mjs), with when to ask again, so a balancer and /holat tell the truth.
import "server-only";
import { AWAY_RETRY_SECONDS, databaseAway } from "@/lib/db/availability.mjs";
import { callMessages } from "@/lib/i18n/server";

export function health(): { status: "ok" } | Response {
  if (!databaseAway()) return { status: "ok" };
  return Response.json(
    { status: "unavailable", database: "unreachable", message: callMessages().http.databaseAway },
    { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(AWAY_RETRY_SECONDS) } },
  );
}
