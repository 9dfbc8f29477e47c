import { httpApi } from "@/lib/http/api";

export const { GET, POST, PUT, PATCH, DELETE } = httpApi["/api/[...unknown]"];
