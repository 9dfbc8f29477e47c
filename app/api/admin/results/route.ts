import { resultsApi } from "@/lib/results/api";

export const { GET } = resultsApi["/api/admin/results"];
