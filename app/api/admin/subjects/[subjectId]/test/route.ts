import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { upsertSubjectTest } from "@/lib/subject-tests/subject-tests";
import { testSettingsSchema } from "@/shared/subject-tests/schema";
import { queryId } from "@/shared/validation/fields";

const params = z.object({ subjectId: queryId });

export const PUT = handler({ auth: "organiser", params, body: testSettingsSchema }, ({ body, params, user }) =>
  upsertSubjectTest({ subjectId: params.subjectId, settings: body, organiserId: user.id }),
);
