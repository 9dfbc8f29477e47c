import { handler } from "@/lib/api/handler";
import { listRegions } from "@/lib/reference/queries";

export const GET = handler({ auth: "public", cacheSeconds: 300 }, () => listRegions());
