import { questionsApi } from "@/lib/questions/api";

export const { POST } = questionsApi["/api/admin/questions/upload"];
