import { auditApi } from "@/lib/audit/api";

export const { GET } = auditApi["/api/admin/audit"];
