import { handler } from "@/lib/http/handler";
import { importQuestionBank } from "@/lib/organiser/questions";
import { questionImportSchema } from "@/lib/validation/organiser";

// A whole bank in one request: a larger body than the default limit.
export const POST = handler({ auth: "organiser", body: questionImportSchema, maxBodyBytes: 8 * 1024 * 1024 }, ({ body }) =>
  importQuestionBank(body),
);
