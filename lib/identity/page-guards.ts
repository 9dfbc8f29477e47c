// Who is asking, for layouts and pages: the session checked against the database and the user's
// details, each loaded once per request (React.cache) however many layouts and pages ask.
import "server-only";
import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { UserRole } from "./roles";
import { type SessionUser, userOfToken } from "./session";
import { sessionCookie } from "./session-token";
import { type CurrentUser, getCurrentUser } from "./users";

export type SignedIn = SessionUser & { user: CurrentUser };

/** The session of this request, or null: for pages open to everyone (sign-in, the home redirect). */
export const currentSession = cache(async (): Promise<SessionUser | null> => {
  const store = await cookies();
  return userOfToken(store.get(sessionCookie().name)?.value);
});

const detailsOf = cache((userId: number) => getCurrentUser({ userId }));

/** The signed-in user; the signed-out go to /login and come back here (middleware's x-return-url). */
export async function requireSignedIn(): Promise<SignedIn> {
  const session = await currentSession();
  if (!session) {
    const returnUrl = (await headers()).get("x-return-url") ?? "/";
    redirect(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  }
  return { ...session, user: await detailsOf(session.id) };
}

async function requireRole(role: UserRole): Promise<SignedIn> {
  const session = await currentSession();
  if (session && session.role !== role) forbidden();
  return requireSignedIn();
}

/** A pupil (role Default); anyone else signed in gets the 403 page. */
export const requirePupil = () => requireRole(UserRole.Default);

/** An organiser (role Admin); anyone else signed in gets the 403 page. */
export const requireOrganiser = () => requireRole(UserRole.Admin);
