// The picture a shared /cert link previews. Its address carries the certificate's version
// (`?v=`), so only an answer for the current version may be kept by a messenger, and kept for
// good: those bytes never change. A link without a certificate, or a refused lookup, is never kept.
import type { NextRequest } from "next/server";
import { lookUpPublicly } from "@/lib/certificates/public";
import { certificatePng, certificateVersion, notFoundPng } from "@/lib/certificates/render";
import { errorResponse } from "@/lib/http/handler";
import { uz } from "@/lib/i18n/uz";

export const dynamic = "force-dynamic";

const png = (body: Buffer, cacheControl: string) =>
  new Response(new Uint8Array(body), { headers: { "Content-Type": "image/png", "Cache-Control": cacheControl } });

export async function GET(request: NextRequest, { params }: { params: Promise<{ username: string }> }) {
  try {
    const { certificate, limited } = await lookUpPublicly((await params).username);
    if (limited) {
      return Response.json(
        { code: null, message: uz.http.tooManyRequests, validationErrors: {} },
        {
          status: 429,
          headers: { "Cache-Control": "no-store", "Retry-After": "60" },
        },
      );
    }
    if (!certificate) return png(await notFoundPng(), "no-store");
    const current = request.nextUrl.searchParams.get("v") === certificateVersion(certificate);
    return png(await certificatePng(certificate, "preview"), current ? "public, max-age=31536000, immutable" : "no-store");
  } catch (error) {
    return errorResponse(error);
  }
}
