import { subjectTestsApi } from "@/lib/subject-tests/api";

export const { POST } = subjectTestsApi["/api/admin/subjects/[subjectId]/test/close"];
