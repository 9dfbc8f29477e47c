import { appealsApi } from "@/lib/appeals/api";

export const { GET, POST } = appealsApi["/api/Registration/Appeals"];
