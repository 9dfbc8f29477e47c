import { handler } from "@/lib/api/handler";
import { withdrawNotice } from "@/lib/incidents/incidents";
import { noticeIdParams } from "@/lib/incidents/schema";

// Takes the notice down; the pages drop it at their next look.
export const DELETE = handler({ auth: "organiser", params: noticeIdParams }, ({ params, user }) =>
  withdrawNotice({ organiserId: user.id, noticeId: params.noticeId }),
);
