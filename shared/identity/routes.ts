// Which pages need a signed-in user (spec §6), and where each role lands. Middleware sends the
// signed-out to /login; the roles a page allows are checked by its layout (403 for the others).
import { UserRole } from "./roles";

/** Signed-in pages: these paths and everything under them ("/" itself only). */
export const SIGNED_IN_PATHS = ["/test-attempt", "/update-profile", "/admin", "/"] as const;

export function needsSignIn(pathname: string): boolean {
  return SIGNED_IN_PATHS.some((path) => (path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`)));
}

/** Where a signed-in user lands when no page was asked for. */
export function homeOf(role: number): string {
  return role === UserRole.Admin ? "/admin" : "/test-attempt";
}
