// For load balancers (and the benchmark's floor): the app answers, without touching the database.
import { withApiSecurityHeaders } from "@/lib/http/security-headers";

export const dynamic = "force-dynamic";

export function GET() {
  return withApiSecurityHeaders(Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }));
}
