import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { closeTestNow } from "@/lib/organiser/tests";
import { queryId } from "@/lib/validation/fields";
import { closeTestSchema } from "@/lib/validation/organiser";

const params = z.object({ subjectId: queryId });

// "Hozir yopish": `{ confirmSubjectName, reason }` → the test, closed at the server's now.
export const POST = handler({ auth: "organiser", params, body: closeTestSchema }, ({ body, params, user }) =>
  closeTestNow({ subjectId: params.subjectId, organiserId: user.id, ...body }),
);
