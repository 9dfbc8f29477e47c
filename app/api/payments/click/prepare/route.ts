import { handler } from "@/lib/api/handler";
import { clickCall } from "@/lib/payments/click-route";

export const POST = handler({ auth: "public", crossOrigin: true, rawBody: true }, ({ rawBody }) => clickCall("prepare", rawBody));
