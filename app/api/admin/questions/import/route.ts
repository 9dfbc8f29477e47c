import { handler } from "@/lib/api/handler";
import { importQuestionBank } from "@/lib/organiser/questions";
import { dryRunQuery, questionImportSchema } from "@/lib/validation/organiser";

// A whole bank in one request (a larger body than the default limit); `?dryRun=true` checks only.
export const POST = handler(
  { auth: "organiser", query: dryRunQuery, body: questionImportSchema, maxBodyBytes: 8 * 1024 * 1024 },
  ({ body, query, user }) => importQuestionBank(body, { dryRun: query.dryRun, organiserId: user.id }),
);
