import { handler } from "@/lib/api/handler";
import { recompute } from "@/lib/results/rescoring";
import { testIdParams } from "@/lib/subject-tests/schema";

export const POST = handler({ auth: "organiser", params: testIdParams }, ({ params }) => recompute({ testId: params.testId }));
