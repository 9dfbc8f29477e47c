// The results calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { recompute, regrade } from "@/lib/appeals/rescoring";
import { buildExport, toCsv, toXlsxStream } from "@/lib/final-list/files";
import { attachment } from "@/lib/http/attachment";
import { notFound } from "@/lib/http/errors";
import { listResults } from "@/lib/results/ranking";
import { ExportFormat, exportQuery, resultsQuery } from "@/lib/results/schema";
import { consoleSeason } from "@/lib/seasons/console-season";
import { testIdParams } from "@/lib/subject-tests/schema";
import { regradeSchema } from "@/shared/results/schema";

export const resultsApi = {
  "/api/admin/results/export": {
    // A file download: the hashes also travel as headers, so a script can read them without parsing.
    GET: handler({ auth: "organiser", query: exportQuery }, async ({ query }) => {
      // Every test's file is the console's season's (a test's own is its season's).
      const file = await buildExport({ ...query, seasonId: query.testId === undefined ? (await consoleSeason()).seasonId : undefined });
      if (!file) throw notFound();
      const headers = {
        "Content-Disposition": attachment(file.fileName, `natijalar.${query.format === ExportFormat.Csv ? "csv" : "xlsx"}`),
        "Cache-Control": "no-store",
        "X-Key-SHA256": file.keyHash,
        "X-Content-SHA256": file.contentHash,
        "X-Provisional": String(file.provisional),
      };
      if (query.format === ExportFormat.Csv)
        return new Response(toCsv(file), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
      return new Response(toXlsxStream(file), {
        headers: { ...headers, "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
      });
    }),
  },
  "/api/admin/results": {
    GET: handler({ auth: "organiser", query: resultsQuery }, ({ query }) => listResults(query)),
  },
  "/api/admin/tests/[testId]/recompute": {
    POST: handler({ auth: "organiser", params: testIdParams }, ({ params }) => recompute({ testId: params.testId })),
  },
  "/api/admin/tests/[testId]/regrade": {
    POST: handler({ auth: "organiser", params: testIdParams, body: regradeSchema }, ({ params, body, user }) =>
      regrade({ organiserId: user.id, testId: params.testId, input: body }),
    ),
  },
} satisfies ApiHandlers;
