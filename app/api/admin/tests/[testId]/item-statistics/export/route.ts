import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { itemStatisticsExportQuery } from "@/lib/statistics/schema";
import { itemStatisticsWorkbook } from "@/lib/statistics/workbook";
import { testIdParams } from "@/lib/subject-tests/schema";

// The item statistics as one XLSX workbook, in the language asked for (the caller's by default).
export const GET = handler({ auth: "organiser", params: testIdParams, query: itemStatisticsExportQuery }, async ({ params, query }) => {
  const { fileName, provisional, data } = await itemStatisticsWorkbook({ testId: params.testId, lang: query.lang });
  return new Response(data, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": attachment(fileName, "savollar-statistikasi.xlsx"),
      "Cache-Control": "no-store",
      "X-Provisional": String(provisional),
    },
  });
});
