import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { registerQuery, registerWorkbook } from "@/lib/payments/register";

// The accountant's register of payments as XLSX (the page's filters: a day, a provider); audited.
export const GET = handler({ auth: "organiser", query: registerQuery }, async ({ query, user }) => {
  const { fileName, data } = await registerWorkbook({ organiserId: user.id, query });
  return new Response(data, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": attachment(fileName, "tolovlar.xlsx"),
      "Cache-Control": "no-store",
    },
  });
});
