// The operator's live figures in Prometheus's format, behind METRICS_TOKEN.
import { handler, notServed } from "@/lib/api/handler";
import { scrape } from "@/lib/operations/metrics";

export const dynamic = "force-dynamic";

export const GET = handler({ auth: "metrics" }, () => scrape());

const absent = notServed("metrics");

export { absent as POST, absent as PUT, absent as PATCH, absent as DELETE };
