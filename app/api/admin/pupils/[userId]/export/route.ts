import { pupilsApi } from "@/lib/pupils/api";

export const { GET } = pupilsApi["/api/admin/pupils/[userId]/export"];
