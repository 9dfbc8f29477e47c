// The sandbox card checkout's script (PAYMENTS_SANDBOX=true only).
import { handler } from "@/lib/api/handler";
import { assertSandbox, sandboxCheckoutScript } from "@/lib/payments/card";

export const dynamic = "force-dynamic";

export const GET = handler({ auth: "public" }, () => {
  assertSandbox();
  return new Response(sandboxCheckoutScript(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
  });
});
