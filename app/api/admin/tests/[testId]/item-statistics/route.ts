import { statisticsApi } from "@/lib/statistics/api";

export const { GET } = statisticsApi["/api/admin/tests/[testId]/item-statistics"];
