// Edge middleware: only redirects and rewrites. Every handler, layout and page checks again.
import { NextResponse, type NextRequest } from "next/server";
import { canonicalApiPath } from "@/lib/http/api-paths";
import { decodeSession, sessionCookie } from "@/lib/identity/session-token";
import { mayOpen, pageRule } from "@/lib/identity/routes";

export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const canonical = canonicalApiPath(pathname);
  if (canonical) {
    const url = request.nextUrl.clone();
    url.pathname = canonical;
    return NextResponse.rewrite(url);
  }

  const rule = pageRule(pathname);
  if (!rule) return NextResponse.next();
  const session = await decodeSession(request.cookies.get(sessionCookie().name)?.value);
  if (!session) {
    const login = new URL("/login", request.url);
    login.searchParams.set("returnUrl", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (!mayOpen(rule, session.role)) {
    return NextResponse.rewrite(new URL("/forbidden", request.url), { status: 403 });
  }
  // Layouts check the session against the database again; they need the address to return to.
  const headers = new Headers(request.headers);
  headers.set("x-return-url", `${pathname}${search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    // API paths in any casing but the canonical one (the spec's paths answer case-insensitively):
    // a canonical call, like every answer a pupil saves, never pays for middleware. The list is
    // API_PATHS (lib/http/api-paths.ts) and /api/health; a test keeps the two in step.
    "/((?!api/(?:Regions/GetAll|Districts/GetAll|Subjects/GetAll|Organizations/GetAll|Registration/GetRegisterStatus|Registration/Register|Identity/Login|Identity/GetCurrentUser|Identity/Update|Identity/Logout|TestAttempts/AllowTestAttempt|TestAttempts/IsThereAttempt|TestAttempts/New|TestAttempts/Get|TestAttempts/GetRemainingTime|TestAttempts/Answer|TestAttempts/Finish|TestAttempts/Result|TestAttempts/CheckPinCode|Certificates/Check|Certificates/Generate|health)$)[aA][pP][iI]/.*)",
    "/",
    "/test-attempt/:path*",
    "/update-profile",
    "/admin/:path*",
  ],
};
