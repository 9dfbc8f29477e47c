import { handler } from "@/lib/http/handler";
import { listSubjects } from "@/lib/reference/queries";

export const GET = handler({ cacheSeconds: 300 }, () => listSubjects());
