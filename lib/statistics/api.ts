// The statistics calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { itemStatistics } from "@/lib/statistics/items";
import { itemStatisticsExportQuery } from "@/lib/statistics/schema";
import { itemStatisticsWorkbook } from "@/lib/statistics/workbook";
import { testIdParams } from "@/lib/subject-tests/schema";

export const statisticsApi = {
  "/api/admin/tests/[testId]/item-statistics/export": {
    // The item statistics as one XLSX workbook, in the language asked for (the caller's by default).
    GET: handler({ auth: "organiser", params: testIdParams, query: itemStatisticsExportQuery }, async ({ params, query }) => {
      const { fileName, provisional, data } = await itemStatisticsWorkbook({ testId: params.testId, lang: query.lang });
      return new Response(data, {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": attachment(fileName, "savollar-statistikasi.xlsx"),
          "Cache-Control": "no-store",
          "X-Provisional": String(provisional),
        },
      });
    }),
  },
  "/api/admin/tests/[testId]/item-statistics": {
    GET: handler({ auth: "organiser", params: testIdParams }, ({ params }) => itemStatistics({ testId: params.testId })),
  },
} satisfies ApiHandlers;
