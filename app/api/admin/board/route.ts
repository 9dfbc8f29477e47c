import { boardApi } from "@/lib/board/api";

export const { GET } = boardApi["/api/admin/board"];
