import { handler } from "@/lib/api/handler";
import { listSubjects } from "@/lib/reference/queries";

export const GET = handler({ auth: "public", cacheSeconds: 300 }, () => listSubjects());
