import { handler } from "@/lib/api/handler";
import { xlsxTemplate } from "@/lib/questions/xlsx";

// The spreadsheet template: sheet "Savollar" (one question a row) and "Matnlar" (reading texts).
export const GET = handler(
  { auth: "organiser" },
  async () =>
    new Response(await xlsxTemplate(), {
      headers: {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": 'attachment; filename="savollar-shabloni.xlsx"',
        "Cache-Control": "no-store",
      },
    }),
);
