import { handler } from "@/lib/api/handler";
import { attachment } from "@/lib/http/attachment";
import { exportPupilData } from "@/lib/personal-data/personal-data";
import { userIdParams } from "@/lib/validation/queries";

// Everything kept about one pupil, as a JSON file for the family (audited).
export const GET = handler({ auth: "organiser", params: userIdParams }, async ({ params, user }) => {
  const data = await exportPupilData({ organiserId: user.id, userId: params.userId });
  const name = `pupil-${params.userId}.json`;
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": attachment(name, name),
      "Cache-Control": "no-store",
    },
  });
});
