import { seasonsApi } from "@/lib/seasons/api";

export const { PUT } = seasonsApi["/api/admin/seasons/[seasonId]"];
