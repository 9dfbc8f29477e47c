import { handler } from "@/lib/api/handler";
import { listResults } from "@/lib/results/ranking";
import { resultsQuery } from "@/lib/results/schema";

export const GET = handler({ auth: "organiser", query: resultsQuery }, ({ query }) => listResults(query));
