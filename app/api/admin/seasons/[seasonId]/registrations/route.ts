import { seasonsApi } from "@/lib/seasons/api";

export const { POST } = seasonsApi["/api/admin/seasons/[seasonId]/registrations"];
