import { handler } from "@/lib/api/handler";
import { dryRunQuery, questionImportSchema } from "@/lib/questions/schema";
import { importJson } from "@/lib/questions/upload";

// A whole bank in one request (a larger body than the default limit); `?dryRun=true` checks only.
// A refusal names each bad question ("5-savol") beside its path.
export const POST = handler(
  { auth: "organiser", query: dryRunQuery, body: questionImportSchema, maxBodyBytes: 8 * 1024 * 1024 },
  ({ body, query, user }) => importJson(body, { dryRun: query.dryRun, organiserId: user.id }),
);
