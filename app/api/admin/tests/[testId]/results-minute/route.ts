import { appealsApi } from "@/lib/appeals/api";

export const { PUT } = appealsApi["/api/admin/tests/[testId]/results-minute"];
