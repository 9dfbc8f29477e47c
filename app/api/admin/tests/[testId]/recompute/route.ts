import { handler } from "@/lib/api/handler";
import { recompute } from "@/lib/results/rescoring";
import { testIdParams } from "@/lib/validation/organiser";

export const POST = handler({ auth: "organiser", params: testIdParams }, ({ params }) => recompute({ testId: params.testId }));
