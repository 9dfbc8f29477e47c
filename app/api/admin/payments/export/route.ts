import { paymentsApi } from "@/lib/payments/api";

export const { GET } = paymentsApi["/api/admin/payments/export"];
