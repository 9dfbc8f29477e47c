import { identityApi } from "@/lib/identity/api";

export const { POST } = identityApi["/api/Identity/Logout"];
