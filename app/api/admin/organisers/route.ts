import { organisersApi } from "@/lib/organisers/api";

export const { GET, POST } = organisersApi["/api/admin/organisers"];
