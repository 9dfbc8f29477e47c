import { identityApi } from "@/lib/identity/api";

export const { GET } = identityApi["/api/Identity/GetCurrentUser"];
