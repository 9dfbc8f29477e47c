import { handler } from "@/lib/api/handler";
import { dryRunQuery } from "@/lib/questions/schema";
import { importUpload, uploadForm } from "@/lib/questions/upload";

// A bank as a file (multipart: file, format=xlsx|gift|aiken, subjectId, difficulty); `?dryRun=true` previews.
export const POST = handler({ auth: "organiser", query: dryRunQuery, multipart: uploadForm }, ({ form, query, user }) =>
  importUpload({ ...form, dryRun: query.dryRun, organiserId: user.id }),
);
