import { handler } from "@/lib/api/handler";
import { currentNotices, postNotice } from "@/lib/incidents/incidents";
import { noticeSchema } from "@/shared/incidents/schema";

// The notices up now; `{ uz, "uz-Cyrl"?, ru? }` posts one for every pupil's pages and /holat.
export const GET = handler({ auth: "organiser" }, () => currentNotices());
export const POST = handler({ auth: "organiser", body: noticeSchema }, ({ body, user }) =>
  postNotice({ organiserId: user.id, texts: body }),
);
