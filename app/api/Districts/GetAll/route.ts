import { handler } from "@/lib/api/handler";
import { listDistricts } from "@/lib/reference/queries";

export const GET = handler({ auth: "public", cacheSeconds: 300 }, () => listDistricts());
