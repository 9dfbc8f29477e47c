import { operationsApi } from "@/lib/operations/api";

export const dynamic = "force-dynamic";

export const { GET } = operationsApi["/api/health"];
