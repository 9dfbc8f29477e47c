import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { loginsWorkbook } from "@/lib/pupils/logins";
import { loginsQuery } from "@/lib/pupils/schema";

// A district's (or one school's) logins and passwords as XLSX, school by school; audited.
export const GET = handler({ auth: "organiser", query: loginsQuery }, async ({ query, user }) => {
  const { fileName, data } = await loginsWorkbook({ organiserId: user.id, ...query });
  return new Response(data, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": attachment(fileName, "loginlar.xlsx"),
      "Cache-Control": "no-store",
    },
  });
});
