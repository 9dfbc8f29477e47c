import { clickRoute } from "@/lib/payments/click-route";

export const POST = clickRoute("complete");
