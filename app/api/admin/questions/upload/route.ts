import { handler } from "@/lib/api/handler";
import { importUpload } from "@/lib/organiser/question-upload";
import { dryRunQuery } from "@/lib/validation/organiser";

// A bank as a file (multipart: file, format=xlsx|gift|aiken, subjectId, difficulty); `?dryRun=true` previews.
export const POST = handler({ auth: "organiser", query: dryRunQuery }, ({ request, query, user }) =>
  importUpload({ request, dryRun: query.dryRun === "true", organiserId: user.id }),
);
