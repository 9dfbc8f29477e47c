import { handler } from "@/lib/api/handler";
import { listResults } from "@/lib/results/ranking";
import { resultsQuery } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", query: resultsQuery }, ({ query }) => listResults(query));
