import { seasonsApi } from "@/lib/seasons/api";

export const { GET, POST } = seasonsApi["/api/admin/seasons"];
