import { handler } from "@/lib/api/handler";
import { itemStatistics } from "@/lib/statistics/items";
import { testIdParams } from "@/lib/subject-tests/schema";

export const GET = handler({ auth: "organiser", params: testIdParams }, ({ params }) => itemStatistics({ testId: params.testId }));
