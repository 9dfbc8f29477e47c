// For load balancers (and the benchmark's floor): the app answers, without touching the database.
import { handler } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = handler({ auth: "public" }, () => ({ status: "ok" }));
