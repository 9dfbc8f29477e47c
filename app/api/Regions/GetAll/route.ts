import { referenceApi } from "@/lib/reference/api";

export const { GET } = referenceApi["/api/Regions/GetAll"];
