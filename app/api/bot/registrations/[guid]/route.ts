// The chat-bot reads a registration: its status and, once paid, the pupil's username and password;
// after the test, where the pupil stands for the second stage (null before an ended attempt).
import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { secondStageOf } from "@/lib/appeals/final";
import { registrationCredentials } from "@/lib/payments/service";
import { getRegisterStatus } from "@/lib/registration/registration";
import { uuid } from "@/shared/validation/fields";

const params = z.object({ guid: uuid });

export const GET = handler({ auth: "bot", params }, async ({ params }) => {
  const guid = params.guid.toLowerCase();
  const [status, credentials] = await Promise.all([getRegisterStatus({ guid }), registrationCredentials(guid)]);
  const stage = status.userId === null ? null : await secondStageOf(status.userId);
  return {
    ...status,
    ...credentials,
    secondStage: stage && { state: stage.state, since: stage.since.toISOString(), selected: stage.selected },
  };
});
