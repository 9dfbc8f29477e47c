// Edge middleware: the pages' security headers (a nonce per request for Next's scripts), the
// page's language (`?lang=` sets it and the cookie remembers it, else Accept-Language),
// and only redirects and rewrites besides. Every handler, layout and page checks the session again.
import { type NextRequest, NextResponse } from "next/server";
import { canonicalApiPath } from "@/lib/api/routes.mjs";
import { commonSecurityHeaders, pageContentSecurityPolicy } from "@/lib/http/security-headers";
import { visitorOrigin } from "@/lib/http/visitor-origin";
import { resolveLocale } from "@/lib/i18n/negotiate.mjs";
import { decodeSession, sessionCookie } from "@/lib/identity/session-token";
import { asLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/shared/i18n/locale.mjs";
import { needsSignIn } from "@/shared/identity/routes";

function withPageHeaders(response: NextResponse, policy: string): NextResponse {
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders())) response.headers.set(name, value);
  return response;
}

export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const canonical = canonicalApiPath(pathname);
  if (canonical) {
    const url = request.nextUrl.clone();
    url.pathname = canonical;
    return NextResponse.rewrite(url);
  }
  if (/^\/api\//i.test(pathname)) return NextResponse.next(); // the route wrapper adds the API's headers

  const nonce = btoa(crypto.randomUUID());
  const policy = pageContentSecurityPolicy(nonce);
  // Next reads the nonce from the request's policy and puts it on every script it renders.
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  headers.delete("x-return-url");
  const chosen = asLocale(request.nextUrl.searchParams.get("lang"));
  // Read by lib/i18n/server.ts (LOCALE_HEADER); a client's own x-locale is overwritten here.
  headers.set(
    "x-locale",
    resolveLocale({
      query: chosen,
      cookie: request.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: request.headers.get("accept-language"),
    }),
  );
  const remember = (response: NextResponse) => {
    if (chosen) response.cookies.set(LOCALE_COOKIE, chosen, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax", httpOnly: true });
    return response;
  };

  if (needsSignIn(pathname)) {
    const session = await decodeSession(request.cookies.get(sessionCookie().name)?.value);
    if (!session) {
      // On the address the visitor opened, not the one the server listens on (behind a proxy).
      const login = new URL("/login", visitorOrigin(request.headers));
      login.searchParams.set("returnUrl", `${pathname}${search}`);
      return remember(withPageHeaders(NextResponse.redirect(login), policy));
    }
    // Layouts check the session against the database again (and answer 403 to another role's
    // visit with forbidden()); they need the address to return to.
    headers.set("x-return-url", `${pathname}${search}`);
  }
  return remember(withPageHeaders(NextResponse.next({ request: { headers } }), policy));
}

export const config = {
  matcher: [
    // API paths in any casing but the canonical one (the spec's paths answer case-insensitively):
    // a canonical call, like every answer a pupil saves, never pays for middleware. Next reads
    // only a literal here: the list is the routes table's spec paths and direct lane
    // (lib/api/routes.mjs), and a test keeps the two in step. Our own
    // lower-case areas (admin, payments, bot, test-support) have one casing and skip it too, so
    // no body sent to them is buffered by middleware before the route's own size limit.
    "/((?!api/(?:Regions/GetAll|Districts/GetAll|Subjects/GetAll|Organizations/GetAll|Registration/GetRegisterStatus|Registration/Register|Identity/Login|Identity/GetCurrentUser|Identity/Update|Identity/Logout|TestAttempts/AllowTestAttempt|TestAttempts/IsThereAttempt|TestAttempts/New|TestAttempts/Get|TestAttempts/GetRemainingTime|TestAttempts/Answer|TestAttempts/Finish|TestAttempts/Result|TestAttempts/CheckPinCode|TestAttempts/Events|TestAttempts/Paper|TestAttempts/Appeals|Registration/Appeals|Certificates/Check|Certificates/Generate|health)$)(?!api/(?:admin|payments|bot|test-support)/)[aA][pP][iI]/.*)",
    // Every page (not the build's static files): its security headers and, where signed-in, the guard.
    "/((?![aA][pP][iI]/|_next/static/|_next/image|favicon\\.ico).*)",
  ],
};
