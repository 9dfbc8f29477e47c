import { handler } from "@/lib/api/handler";
import { finalise, finalisePreview } from "@/lib/appeals/finalise";
import { now } from "@/lib/clock";
import { testIdParams } from "@/lib/subject-tests/schema";
import { finaliseSchema } from "@/shared/appeals/console";

/** What the finalisation's confirmation shows: the counts and the hash of the list as it stands now. */
export const GET = handler({ auth: "organiser", params: testIdParams }, ({ params }) => finalisePreview(params.testId, now()));

export const POST = handler({ auth: "organiser", params: testIdParams, body: finaliseSchema }, ({ params, body, user }) =>
  finalise({ organiserId: user.id, testId: params.testId, expectedTopHash: body.expectedTopHash, reason: body.reason, now: now() }),
);
