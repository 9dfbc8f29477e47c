// The sandbox card checkout's script (PAYMENTS_SANDBOX=true only).
import { errorResponse } from "@/lib/http/handler";
import { withApiSecurityHeaders } from "@/lib/http/security-headers";
import { assertSandbox, sandboxCheckoutScript } from "@/lib/payments/card";

export const dynamic = "force-dynamic";

export function GET() {
  try {
    assertSandbox();
  } catch (error) {
    return errorResponse(error);
  }
  return withApiSecurityHeaders(
    new Response(sandboxCheckoutScript(), {
      headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
    }),
  );
}
