import { rehearsalApi } from "@/lib/rehearsal/api";

export const { POST, GET } = rehearsalApi["/api/admin/rehearsals"];
