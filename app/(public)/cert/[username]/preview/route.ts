// The picture a shared /cert link previews. Its address carries the certificate's version
// (`?v=`), so only an answer for the current version may be kept by a messenger, and kept for
// good: those bytes never change. A link without a certificate, or a refused lookup, is never kept.
import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/handler";
import { certificateDraws } from "@/lib/certificates/check-limit";
import { lookUpPublicly } from "@/lib/certificates/public";
import { certificatePng, certificateVersion, notFoundPng } from "@/lib/certificates/render";
import { now } from "@/lib/clock";
import { clientAddress } from "@/lib/http/rate-limit";
import { callMessages, inLocaleOf } from "@/lib/i18n/server";
import { keepThisPage, nextTashkentMidnight } from "@/lib/kept/pages";

export const dynamic = "force-dynamic";

const png = (body: Buffer, cacheControl: string) =>
  new Response(new Uint8Array(body), { headers: { "Content-Type": "image/png", "Cache-Control": cacheControl } });

export function GET(request: NextRequest, { params }: { params: Promise<{ username: string }> }) {
  return inLocaleOf(request, () => answer(request, params));
}

async function answer(request: NextRequest, params: Promise<{ username: string }>) {
  try {
    const { certificate, limited } = await lookUpPublicly((await params).username);
    if (limited) {
      return Response.json(
        { code: null, message: callMessages().http.tooManyRequests, validationErrors: {} },
        {
          status: 429,
          headers: { "Cache-Control": "no-store", "Retry-After": "60" },
        },
      );
    }
    if (!certificate) return png(await notFoundPng(), "no-store");
    const current = request.nextUrl.searchParams.get("v") === certificateVersion(certificate);
    const address = clientAddress(request.headers);
    const picture = await certificatePng(certificate, "preview", { beforeDraw: () => certificateDraws.consume(address) });
    // The current version's picture is kept by the front door too (lib/kept/pages.ts), until midnight (its date may come then).
    if (current) await keepThisPage({ userIds: [certificate.userId], until: nextTashkentMidnight(now()) });
    return png(picture, current ? "public, max-age=31536000, immutable" : "no-store");
  } catch (error) {
    return errorResponse(error);
  }
}
