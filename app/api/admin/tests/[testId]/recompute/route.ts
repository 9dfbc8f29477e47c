import { handler } from "@/lib/api/handler";
import { recompute } from "@/lib/results/rescoring";
import { testIdParams } from "@/lib/tests/schema";

export const POST = handler({ auth: "organiser", params: testIdParams }, ({ params }) => recompute({ testId: params.testId }));
