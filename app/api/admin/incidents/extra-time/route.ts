import { handler } from "@/lib/api/handler";
import { extendRunningAttempts } from "@/lib/incidents/incidents";
import { bulkExtraTimeSchema } from "@/shared/incidents/schema";

// `{ testId, regionId?, districtId?, minutes, reason }` → `{ attempts, minutes }`: every running
// attempt of the test (of the region or district) gets the minutes, at once.
export const POST = handler({ auth: "organiser", body: bulkExtraTimeSchema }, ({ body, user }) =>
  extendRunningAttempts({ organiserId: user.id, ...body }),
);
