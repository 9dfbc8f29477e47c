import { handler } from "@/lib/api/handler";
import { removeRehearsal, reportRehearsal } from "@/lib/rehearsal/rehearsal";
import { rehearsalIdParams, rehearsalReportSchema } from "@/lib/rehearsal/schema";

// The script's figures, for the console's page.
export const PUT = handler({ auth: "organiser", params: rehearsalIdParams, body: rehearsalReportSchema }, ({ body, params }) =>
  reportRehearsal({ rehearsalId: params.rehearsalId, report: body }),
);

// Its pupils, attempts, test, bank and subject go; its figures stay.
export const DELETE = handler({ auth: "organiser", params: rehearsalIdParams }, ({ params, user }) =>
  removeRehearsal({ rehearsalId: params.rehearsalId, organiserId: user.id }),
);
