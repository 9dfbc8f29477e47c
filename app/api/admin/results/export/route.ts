import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { notFound } from "@/lib/http/errors";
import { buildExport, toCsv, toXlsxStream } from "@/lib/results/files";
import { ExportFormat, exportQuery } from "@/lib/results/schema";

// A file download: the hashes also travel as headers, so a script can read them without parsing.
export const GET = handler({ auth: "organiser", query: exportQuery }, async ({ query }) => {
  const file = await buildExport(query);
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
});
