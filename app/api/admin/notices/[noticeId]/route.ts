import { handler } from "@/lib/api/handler";
import { withdrawNotice } from "@/lib/organiser/incidents";
import { noticeIdParams } from "@/lib/validation/organiser";

// Takes the notice down; the pages drop it at their next look.
export const DELETE = handler({ auth: "organiser", params: noticeIdParams }, ({ params, user }) =>
  withdrawNotice({ organiserId: user.id, noticeId: params.noticeId }),
);
