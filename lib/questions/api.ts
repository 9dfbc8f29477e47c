// The questions calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { keepExposed, listQuestions, removeQuestion, updateQuestion } from "@/lib/questions/bank";
import { dryRunQuery, keepExposedSchema, questionIdParams, questionImportSchema, questionsQuery } from "@/lib/questions/schema";
import { importJson, importUpload, uploadForm } from "@/lib/questions/upload";
import { xlsxTemplate } from "@/lib/questions/xlsx";
import { questionEditSchema } from "@/shared/questions/schema";
import { reasonSchema } from "@/shared/validation/reason";

export const questionsApi = {
  "/api/admin/questions/[questionId]": {
    // Deleted when no attempt drew it; retired (kept, never drawn again) when one did: `{ reason }`.
    DELETE: handler({ auth: "organiser", params: questionIdParams, body: reasonSchema }, ({ params, body, user }) =>
      removeQuestion({ organiserId: user.id, questionId: params.questionId, reason: body.reason }),
    ),
    // A question no attempt drew: `{ difficulty, text, choices: [{ text, correct }], reason }` (4009 once drawn).
    PUT: handler({ auth: "organiser", params: questionIdParams, body: questionEditSchema }, ({ params, body, user }) =>
      updateQuestion({ organiserId: user.id, questionId: params.questionId, edit: body }),
    ),
  },
  "/api/admin/questions/[questionId]/exposed": {
    // An exposed item kept in the papers on purpose, or left out again: `{ kept, reason }` (409 for a fresh item).
    PUT: handler({ auth: "organiser", params: questionIdParams, body: keepExposedSchema }, ({ params, body, user }) =>
      keepExposed({ organiserId: user.id, questionId: params.questionId, kept: body.kept, reason: body.reason }),
    ),
  },
  "/api/admin/questions/import": {
    // A whole bank in one request (a larger body than the default limit); `?dryRun=true` checks only.
    // A refusal names each bad question ("5-savol") beside its path.
    POST: handler(
      { auth: "organiser", query: dryRunQuery, body: questionImportSchema, maxBodyBytes: 8 * 1024 * 1024 },
      ({ body, query, user }) => importJson(body, { dryRun: query.dryRun, organiserId: user.id }),
    ),
  },
  "/api/admin/questions": {
    GET: handler({ auth: "organiser", query: questionsQuery }, ({ query }) => listQuestions(query)),
  },
  "/api/admin/questions/template": {
    // The spreadsheet template: sheet "Savollar" (one question a row) and "Matnlar" (reading texts).
    GET: handler(
      { auth: "organiser" },
      async () =>
        new Response(await xlsxTemplate(), {
          headers: {
            "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "Content-Disposition": 'attachment; filename="savollar-shabloni.xlsx"',
            "Cache-Control": "no-store",
          },
        }),
    ),
  },
  "/api/admin/questions/upload": {
    // A bank as a file (multipart: file, format=xlsx|gift|aiken, subjectId, difficulty); `?dryRun=true` previews.
    POST: handler({ auth: "organiser", query: dryRunQuery, multipart: uploadForm }, ({ form, query, user }) =>
      importUpload({ ...form, dryRun: query.dryRun, organiserId: user.id }),
    ),
  },
} satisfies ApiHandlers;
