import { handler } from "@/lib/api/handler";
import { regrade } from "@/lib/results/rescoring";
import { testIdParams } from "@/lib/subject-tests/schema";
import { regradeSchema } from "@/shared/results/schema";

export const POST = handler({ auth: "organiser", params: testIdParams, body: regradeSchema }, ({ params, body, user }) =>
  regrade({ organiserId: user.id, testId: params.testId, input: body }),
);
