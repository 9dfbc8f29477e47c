import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { upsertSubjectTest } from "@/lib/organiser/tests";
import { queryId } from "@/lib/validation/fields";
import { testSettingsSchema } from "@/lib/validation/organiser";

const params = z.object({ subjectId: queryId });

export const PUT = handler({ auth: "organiser", params, body: testSettingsSchema }, ({ body, params, user }) =>
  upsertSubjectTest({ subjectId: params.subjectId, settings: body, organiserId: user.id }),
);
