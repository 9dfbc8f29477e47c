import { handler } from "@/lib/api/handler";
import { itemStatistics } from "@/lib/organiser/item-statistics";
import { testIdParams } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", params: testIdParams }, ({ params }) => itemStatistics({ testId: params.testId }));
