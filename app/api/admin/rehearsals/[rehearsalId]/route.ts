import { rehearsalApi } from "@/lib/rehearsal/api";

export const { PUT, DELETE } = rehearsalApi["/api/admin/rehearsals/[rehearsalId]"];
