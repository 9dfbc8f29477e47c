import { integrityApi } from "@/lib/integrity/api";

export const { POST } = integrityApi["/api/admin/screening/decisions"];
