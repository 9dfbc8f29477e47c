import { resultsApi } from "@/lib/results/api";

export const { POST } = resultsApi["/api/admin/tests/[testId]/recompute"];
