import { handler } from "@/lib/api/handler";
import { screenTestNow } from "@/lib/integrity/screening";
import { testIdParams } from "@/lib/subject-tests/schema";

export const POST = handler({ auth: "organiser", params: testIdParams }, ({ params, user }) =>
  screenTestNow({ testId: params.testId, organiserId: user.id }),
);
