// Edge middleware: only redirects and rewrites. Every handler and page checks again on its own.
import { NextResponse, type NextRequest } from "next/server";
import { canonicalApiPath } from "@/lib/http/api-paths";

export function middleware(request: NextRequest) {
  const canonical = canonicalApiPath(request.nextUrl.pathname);
  if (canonical) {
    const url = request.nextUrl.clone();
    url.pathname = canonical;
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

export const config = {
  // "/api" in any casing: the spec's controller paths answer case-insensitively.
  matcher: ["/([aA][pP][iI])/:path*"],
};
