import { handler } from "@/lib/api/handler";
import { extendRunningAttempts } from "@/lib/organiser/incidents";
import { bulkExtraTimeSchema } from "@/lib/validation/organiser";

// `{ testId, regionId?, districtId?, minutes, reason }` → `{ attempts, minutes }`: every running
// attempt of the test (of the region or district) gets the minutes, at once.
export const POST = handler({ auth: "organiser", body: bulkExtraTimeSchema }, ({ body, user }) =>
  extendRunningAttempts({ organiserId: user.id, ...body }),
);
