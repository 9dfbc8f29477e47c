import { paymentsApi } from "@/lib/payments/api";

export const { POST, GET, PUT, PATCH, DELETE } = paymentsApi["/api/payments/payme"];
