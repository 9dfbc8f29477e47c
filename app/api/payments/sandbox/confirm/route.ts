import { paymentsApi } from "@/lib/payments/api";

export const { POST } = paymentsApi["/api/payments/sandbox/confirm"];
