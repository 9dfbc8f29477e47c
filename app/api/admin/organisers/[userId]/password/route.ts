import { organisersApi } from "@/lib/organisers/api";

export const { POST } = organisersApi["/api/admin/organisers/[userId]/password"];
