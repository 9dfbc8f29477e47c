import { handler } from "@/lib/api/handler";
import { importQuestionBank } from "@/lib/questions/import";
import { dryRunQuery, questionImportSchema } from "@/lib/questions/schema";

// A whole bank in one request (a larger body than the default limit); `?dryRun=true` checks only.
export const POST = handler(
  { auth: "organiser", query: dryRunQuery, body: questionImportSchema, maxBodyBytes: 8 * 1024 * 1024 },
  ({ body, query, user }) => importQuestionBank(body, { dryRun: query.dryRun, organiserId: user.id }),
);
