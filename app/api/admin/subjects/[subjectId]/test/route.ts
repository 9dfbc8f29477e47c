import { subjectTestsApi } from "@/lib/subject-tests/api";

export const { PUT } = subjectTestsApi["/api/admin/subjects/[subjectId]/test"];
