import { paymentsApi } from "@/lib/payments/api";

export const dynamic = "force-dynamic";

export const { GET } = paymentsApi["/api/payments/sandbox/checkout.js"];
