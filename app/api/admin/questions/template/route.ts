import { questionsApi } from "@/lib/questions/api";

export const { GET } = questionsApi["/api/admin/questions/template"];
