import { questionsApi } from "@/lib/questions/api";

export const { DELETE, PUT } = questionsApi["/api/admin/questions/[questionId]"];
