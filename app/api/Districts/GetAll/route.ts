import { handler } from "@/lib/http/handler";
import { listDistricts } from "@/lib/reference/queries";

export const GET = handler({ auth: "public", cacheSeconds: 300 }, () => listDistricts());
