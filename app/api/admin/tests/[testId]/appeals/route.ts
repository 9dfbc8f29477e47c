import { handler } from "@/lib/api/handler";
import { testAppeals } from "@/lib/appeals/appeals";
import { decideAppeals } from "@/lib/appeals/decisions";
import { listStatus } from "@/lib/appeals/final";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { testIdParams } from "@/lib/subject-tests/schema";
import { decisionSchema } from "@/shared/appeals/console";

export const GET = handler({ auth: "organiser", params: testIdParams }, async ({ params }) => {
  const status = await listStatus(db, params.testId, now());
  if (!status) throw notFound();
  return { status, ...(await testAppeals(params.testId)) };
});

export const POST = handler({ auth: "organiser", params: testIdParams, body: decisionSchema }, ({ params, body, user }) =>
  decideAppeals({ organiserId: user.id, testId: params.testId, input: body, now: now() }),
);
