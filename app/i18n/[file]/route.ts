// A locale's messages for the browser where the front door has no file of the build for them (next
// dev, which has no build; lib/i18n/catalogues.ts): immutable under a name that carries its
// content's hash.
import { messagesScriptNamed } from "@/lib/i18n/catalogues";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const body = messagesScriptNamed((await params).file);
  if (body === null) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(body, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
