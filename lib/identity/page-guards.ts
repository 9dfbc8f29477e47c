// Who is asking, for layouts and pages: the session checked against the database and the user's
// details, each loaded once per request (React.cache) however many layouts and pages ask. Every
// page checks the role itself (a client-side navigation may render it without its layout): a
// pupil's or an organiser's page starts with pupilPage or organiserPage.
import "server-only";
import { cookies, headers } from "next/headers";
import { forbidden, notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { UserRole } from "@/shared/identity/roles";
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

/** A page's params parsed by the route's schema; params that are not one of ours are the 404 page. */
async function paramsOf<S extends z.ZodType>(params: Promise<unknown>, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await params);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** A pupil's page: the pupil, and with a schema the params parsed (bad ones: the 404 page). */
export async function pupilPage(): Promise<SignedIn>;
export async function pupilPage<S extends z.ZodType>(params: Promise<unknown>, schema: S): Promise<SignedIn & { params: z.output<S> }>;
export async function pupilPage(params?: Promise<unknown>, schema?: z.ZodType) {
  const pupil = await requirePupil();
  return params && schema ? { ...pupil, params: await paramsOf(params, schema) } : pupil;
}

/** An organiser's page: the organiser, and with a schema the params parsed (bad ones: the 404 page). */
export async function organiserPage(): Promise<SignedIn>;
export async function organiserPage<S extends z.ZodType>(params: Promise<unknown>, schema: S): Promise<SignedIn & { params: z.output<S> }>;
export async function organiserPage(params?: Promise<unknown>, schema?: z.ZodType) {
  const organiser = await requireOrganiser();
  return params && schema ? { ...organiser, params: await paramsOf(params, schema) } : organiser;
}

/** What a page reads; the domain's 404 (none, or not this user's) is the 404 page, anything else is thrown on. */
export function foundOr404<T>(read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
}
