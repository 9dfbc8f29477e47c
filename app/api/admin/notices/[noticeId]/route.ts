import { incidentsApi } from "@/lib/incidents/api";

export const { DELETE } = incidentsApi["/api/admin/notices/[noticeId]"];
