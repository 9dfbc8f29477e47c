import { incidentsApi } from "@/lib/incidents/api";

export const { POST } = incidentsApi["/api/admin/incidents/extra-time"];
