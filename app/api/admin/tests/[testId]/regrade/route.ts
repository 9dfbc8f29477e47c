import { handler } from "@/lib/api/handler";
import { screenAfterRegrade } from "@/lib/integrity/screening";
import { regrade } from "@/lib/results/rescoring";
import { testIdParams } from "@/lib/subject-tests/schema";
import { regradeSchema } from "@/shared/results/schema";

export const POST = handler({ auth: "organiser", params: testIdParams, body: regradeSchema }, async ({ params, body, user }) => {
  const report = await regrade({ organiserId: user.id, testId: params.testId, input: body });
  if (!report.dryRun) await screenAfterRegrade(params.testId);
  return report;
});
