import { subjectTestsApi } from "@/lib/subject-tests/api";

export const { GET } = subjectTestsApi["/api/admin/tests"];
