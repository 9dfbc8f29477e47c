import { operationsApi } from "@/lib/operations/api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = operationsApi["/api/metrics"];
