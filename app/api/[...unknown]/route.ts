import { fallbackApi } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE } = fallbackApi["/api/[...unknown]"];
