import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { closeTestSchema } from "@/lib/subject-tests/schema";
import { closeTestNow } from "@/lib/subject-tests/subject-tests";
import { queryId } from "@/shared/validation/fields";

const params = z.object({ subjectId: queryId });

// "Hozir yopish": `{ confirmSubjectName, reason }` → the test, closed at the server's now.
export const POST = handler({ auth: "organiser", params, body: closeTestSchema }, ({ body, params, user }) =>
  closeTestNow({ subjectId: params.subjectId, organiserId: user.id, ...body }),
);
