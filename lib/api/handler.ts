// The one wrapper of every route handler: who may call (checked before the body is read), rate
// limits, the body limit, parsing params, query and body with the shared schemas and refusing
// unsafe text (what it reads of the request is in ./input.ts), error mapping and the API's security
// headers. It knows who is signed in (lib/identity), so it sits on the domain's side of lib/http,
// whose transport pieces (errors, limits) it uses.
import type { ApiPath, MethodOf } from "./routes.mjs";
import "server-only";
import { type NextRequest, NextResponse } from "next/server";
import type { z } from "zod";
import { requireBot } from "@/lib/bot/auth";
import { databaseAway, noteDatabaseFailure } from "@/lib/db/availability.mjs";
import type { CookieOptions, Cookies } from "@/lib/http/cookies";
import { AppError, databaseAwayError } from "@/lib/http/errors";
import { clientAddress, type Limiter } from "@/lib/http/rate-limit";
import { withApiSecurityHeaders } from "@/lib/http/security-headers";
import { isOwnOrigin } from "@/lib/http/visitor-origin";
import { callMessages, inLocaleOf } from "@/lib/i18n/server";
import { forbidden, requireClaims, requireUser, type SessionUser } from "@/lib/identity/session";
import { type SessionClaims, sessionCookie } from "@/lib/identity/session-token";
import { errorText, log } from "@/lib/log.mjs";
import { requireMetricsToken } from "@/lib/operations/metrics";
import { assertTestSupport } from "@/lib/testing/guard";
import { UserRole } from "@/shared/identity/roles";
import { type ObjectSchema, parseSafe, readJson, readMultipart, readQuery, readText, type Schema } from "./input";

/** Bodies are small JSON documents; anything larger is refused before it is read whole. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Who may call, checked before anything else is read:
 * - `public`: anyone;
 * - `signedIn`, `pupil`, `organiser`: a session checked against the database (401, or 403 for
 *   another role);
 * - `pupilToken`: the hottest path only: a pupil's valid token, whose database check the route's
 *   own statement makes (see saveAnswer);
 * - `bot`: the chat-bot's bearer token; `testSupport`: the test suites' token (404 otherwise);
 * - `metrics`: the operator's METRICS_TOKEN (404 when none is set, 401 for a wrong one).
 */
export type AuthKind = "public" | "signedIn" | "pupil" | "organiser" | "pupilToken" | "bot" | "testSupport" | "metrics";

type WithUser = "signedIn" | "pupil" | "organiser";

type HandlerOptions<P, Q, B, A extends AuthKind, M = undefined> = {
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Counts each call against the limiter, per client address or per signed-in user (429 past it). */
  limit?: { limiter: Limiter; per: "address" | "user" };
  /**
   * Counts each valid call against the limiter under a key taken from its body: what the action is
   * about (a registration's guid), where the address would lump a carrier's thousands together.
   */
  limitPerBody?: { limiter: Limiter; key: (body: B extends Schema ? z.output<B> : never) => string };
  /** Server-to-server callers (payment providers, the chat-bot) are not held to our Origin. */
  crossOrigin?: boolean;
  maxBodyBytes?: number;
  /**
   * The body as it came, text (a provider's protocol reads it itself): null when it is larger than
   * maxBodyBytes or was cut off, which the protocol answers in its own way.
   */
  rawBody?: true;
  /**
   * A multipart form (an organiser's upload): read up to `maxBytes` (413 `tooLarge` past it), its
   * text fields parsed by `fields`, its `file` handed on; a body that is no form is `unreadable`.
   */
  multipart?: { fields: M; maxBytes: number; tooLarge: () => AppError; unreadable: () => AppError };
  /** Answers while the database is away (the health check says so itself); other calls get 503 then. */
  withoutDatabase?: true;
  /** Public, rarely changing answers (reference data) may be cached by browsers for this long. */
  cacheSeconds?: number;
};

type Input<P, Q, B, A, M = undefined> = {
  params: P extends Schema ? z.output<P> : undefined;
  query: Q extends Schema ? z.output<Q> : undefined;
  body: B extends Schema ? z.output<B> : undefined;
  /** With `rawBody`: the body's text, or null (too large, cut off). */
  rawBody: string | null;
  /** With `multipart`: its fields, parsed, and its file (null when none was sent). */
  form: M extends Schema ? { fields: z.output<M>; file: Blob | null } : undefined;
  /** The request's cookies, and the ones the answer sets (a plain answer only). */
  cookies: Cookies;
  user: A extends WithUser ? SessionUser : undefined;
  /** With `pupilToken`: the token's claims, which the route checks against the database itself. */
  claims: A extends "pupilToken" ? SessionClaims : undefined;
  request: NextRequest;
  /** The caller's address as client-address.mjs defines it (rate limits, audit). */
  clientAddress: string;
};

const sessionToken = (request: NextRequest) => request.cookies.get(sessionCookie().name)?.value;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** A route handler's method, as Next calls it, marked with who may call it. */
export type RouteMethod = ((request: NextRequest, context: RouteContext) => Promise<Response>) & { auth: AuthKind };

/** The handlers of some routes of the routes table, each with exactly the methods it declares. */
export type ApiHandlers = { [P in ApiPath]?: { [M in MethodOf<P>]: RouteMethod } };

/**
 * A state-changing call from a browser must come from our own pages: another site's form or
 * script gets 403 even though the browser would attach our cookie. Our pages are those at
 * PUBLIC_URL and at whatever address the visitor opened (lib/http/visitor-origin).
 */
function assertSameOrigin(request: NextRequest): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.headers.get("sec-fetch-site") === "cross-site") throw forbidden();
  const origin = request.headers.get("origin");
  if (!origin) return; // not a browser: no ambient cookie to abuse
  if (!isOwnOrigin(origin, request.headers)) throw forbidden();
}

export function errorResponse(error: unknown): Response {
  // The database gone (refused, shut down): an outage, said once in the log, not a crash per call.
  if (noteDatabaseFailure(error)) error = databaseAwayError();
  if (error instanceof AppError) {
    return withApiSecurityHeaders(
      Response.json(error.toBody(), {
        status: error.status,
        headers: { "Cache-Control": "no-store", ...error.headers },
      }),
    );
  }
  // Logged for the operator (errorText: a failed statement's code and constraint, never its SQL
  // or values); the client gets the contract's body, never a stack or SQL.
  log().error({ err: errorText(error) }, "unhandled error in route handler");
  return withApiSecurityHeaders(
    Response.json(
      { code: null, message: callMessages().http.serverError, validationErrors: {} },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    ),
  );
}

async function authorise(auth: AuthKind, request: NextRequest) {
  switch (auth) {
    case "public":
      return {};
    case "bot":
      requireBot(request);
      return {};
    case "testSupport":
      assertTestSupport(request);
      return {};
    case "metrics":
      requireMetricsToken(request);
      return {};
    case "pupilToken":
      return { claims: await requireClaims(sessionToken(request), [UserRole.Default]) };
    case "signedIn":
      return { user: await requireUser(sessionToken(request)) };
    case "pupil":
      return { user: await requireUser(sessionToken(request), [UserRole.Default]) };
    case "organiser":
      return { user: await requireUser(sessionToken(request), [UserRole.Admin]) };
  }
}

export function handler<
  A extends AuthKind,
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends Schema | undefined = undefined,
  M extends ObjectSchema | undefined = undefined,
>(options: HandlerOptions<P, Q, B, A, M>, fn: (input: Input<P, Q, B, A, M>) => Promise<unknown> | unknown) {
  const crossOrigin = options.crossOrigin ?? (options.auth === "bot" || options.auth === "testSupport" || options.auth === "metrics");
  if (options.limit?.per === "user" && !["signedIn", "pupil", "organiser", "pupilToken"].includes(options.auth)) {
    throw new Error(`A limit per user needs a signed-in caller, not auth "${options.auth}"`);
  }
  const method = (request: NextRequest, context: RouteContext): Promise<Response> => inLocaleOf(request, () => answer(request, context));
  return Object.assign(method, { auth: options.auth });
  async function answer(request: NextRequest, context: RouteContext): Promise<Response> {
    try {
      // While the database is away a call that needs it is refused at once, not after its pool's
      // wait; a provider's protocol and the operator's scrape still answer in their own way.
      if (databaseAway() && !options.rawBody && !options.withoutDatabase && options.auth !== "metrics") throw databaseAwayError();
      if (!crossOrigin) assertSameOrigin(request);
      const { user, claims } = await authorise(options.auth, request);
      const address = clientAddress(request.headers);
      if (options.limit) {
        const key = options.limit.per === "user" ? `user:${user?.id ?? claims?.userId}` : address;
        await options.limit.limiter.consume(key);
      }
      const rawParams = (await context?.params) ?? {};
      const params = options.params ? parseSafe(options.params, rawParams) : undefined;
      const query = options.query ? parseSafe(options.query, readQuery(request, options.query)) : undefined;
      const body = options.body
        ? parseSafe(options.body, await readJson(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
        : undefined;
      const rawBody = options.rawBody ? await readText(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES).catch(() => null) : null;
      const form = options.multipart
        ? await readMultipart(request, { ...options.multipart, fields: options.multipart.fields as ObjectSchema })
        : undefined;
      if (options.limitPerBody) await options.limitPerBody.limiter.consume(options.limitPerBody.key(body as never));
      const setCookies: [string, string, CookieOptions][] = [];
      const cookies: Cookies = {
        get: (name) => request.cookies.get(name)?.value,
        set: (name, value, cookieOptions) => void setCookies.push([name, value, cookieOptions]),
      };
      const input = { params, query, body, rawBody, form, cookies, user, claims, request, clientAddress: address };
      const result = await fn(input as never);
      if (result instanceof Response) {
        if (setCookies.length > 0) throw new Error("A route that answers with its own Response sets its own cookies");
        return withApiSecurityHeaders(result);
      }
      // A cached answer names things in its caller's language (lib/reference): kept per language.
      const caching: Record<string, string> = options.cacheSeconds
        ? { "Cache-Control": `public, max-age=${options.cacheSeconds}`, Vary: "Accept-Language, Cookie" }
        : { "Cache-Control": "no-store" };
      const response = NextResponse.json(result ?? {}, { headers: caching });
      for (const [name, value, cookieOptions] of setCookies) response.cookies.set(name, value, cookieOptions);
      return withApiSecurityHeaders(response);
    } catch (error) {
      // A client that hung up mid-request (a phone losing its signal) is no server error to log.
      if (request.signal.aborted) return new Response(null, { status: 499 });
      return errorResponse(error);
    }
  }
}

/** A route's methods it does not serve: the contract's 404 (after the same auth check), not 405. */
export function notServed(auth: AuthKind) {
  return handler({ auth }, () => {
    throw new AppError(404, null, callMessages().http.notFound);
  });
}
