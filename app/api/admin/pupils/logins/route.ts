import { handler } from "@/lib/api/handler";
import { loginsWorkbook } from "@/lib/organiser/logins";
import { loginsQuery } from "@/lib/validation/organiser";

// A district's (or one school's) logins and passwords as XLSX, school by school; audited.
export const GET = handler({ auth: "organiser", query: loginsQuery }, async ({ query, user }) => {
  const { fileName, data } = await loginsWorkbook({ organiserId: user.id, ...query });
  return new Response(data, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      // The district's name may be any letter: the plain name for old clients, the UTF-8 one (RFC 6266) for the rest.
      "Content-Disposition": `attachment; filename="loginlar.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "no-store",
    },
  });
});
