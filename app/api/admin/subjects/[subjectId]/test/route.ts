import { z } from "zod";
import { UserRole } from "@/db/schema";
import { parseOrThrow } from "@/lib/http/errors";
import { handler } from "@/lib/http/handler";
import { upsertSubjectTest } from "@/lib/organiser/tests";
import { queryId } from "@/lib/validation/fields";
import { testSettingsSchema } from "@/lib/validation/organiser";

const params = z.object({ subjectId: queryId });

export const PUT = handler({ auth: [UserRole.Admin], body: testSettingsSchema }, ({ body, params: raw }) =>
  upsertSubjectTest({ subjectId: parseOrThrow(params, raw).subjectId, settings: body }),
);
