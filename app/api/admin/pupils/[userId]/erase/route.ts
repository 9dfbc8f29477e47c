import { pupilsApi } from "@/lib/pupils/api";

export const { POST } = pupilsApi["/api/admin/pupils/[userId]/erase"];
