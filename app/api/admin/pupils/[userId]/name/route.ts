import { pupilsApi } from "@/lib/pupils/api";

export const { PUT } = pupilsApi["/api/admin/pupils/[userId]/name"];
