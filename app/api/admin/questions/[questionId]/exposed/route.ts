import { questionsApi } from "@/lib/questions/api";

export const { PUT } = questionsApi["/api/admin/questions/[questionId]/exposed"];
