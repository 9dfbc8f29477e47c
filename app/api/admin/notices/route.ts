import { incidentsApi } from "@/lib/incidents/api";

export const { GET, POST } = incidentsApi["/api/admin/notices"];
