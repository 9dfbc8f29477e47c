import { handler } from "@/lib/api/handler";
import { importUpload, uploadForm } from "@/lib/organiser/question-upload";
import { dryRunQuery } from "@/lib/validation/organiser";

// A bank as a file (multipart: file, format=xlsx|gift|aiken, subjectId, difficulty); `?dryRun=true` previews.
export const POST = handler({ auth: "organiser", query: dryRunQuery, multipart: uploadForm }, ({ form, query, user }) =>
  importUpload({ ...form, dryRun: query.dryRun, organiserId: user.id }),
);
