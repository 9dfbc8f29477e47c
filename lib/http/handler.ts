// The one wrapper of every route handler: body limit, parsing with the shared schema, error mapping.
import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { config } from "@/lib/config";
import { forbidden, requireClaims, requireUser, type SessionUser } from "@/lib/identity/session";
import { sessionCookie, type SessionClaims } from "@/lib/identity/session-token";
import { uz } from "@/lib/i18n/uz";
import { AppError, invalidInput, parseOrThrow, payloadTooLarge } from "./errors";

/** Bodies are small JSON documents; anything larger is refused before it is read whole. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type QuerySchema = z.ZodObject<z.ZodRawShape>;

type Auth = "any" | readonly number[];

type HandlerOptions<Q extends QuerySchema | undefined, B extends z.ZodType | undefined, A extends Auth | undefined> = {
  query?: Q;
  body?: B;
  /** A signed-in user is required: any role, or one of these roles. */
  auth?: A;
  /**
   * Instead of `auth`, on the hottest path only: the session token's claims (one of these roles)
   * without the per-request database check, which the route's own statement then makes.
   */
  claims?: readonly number[];
  /** Server-to-server callers (payment providers, the chat-bot) are not held to our Origin. */
  crossOrigin?: boolean;
  maxBodyBytes?: number;
  /** Public, rarely changing answers (reference data) may be cached by browsers for this long. */
  cacheSeconds?: number;
};

type Input<Q, B, A> = {
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  body: B extends z.ZodType ? z.output<B> : undefined;
  user: A extends Auth ? SessionUser : undefined;
  /** With the `claims` option; the route must check them against the database itself. */
  claims: SessionClaims | undefined;
  request: NextRequest;
  params: Record<string, string | string[]>;
};

const sessionToken = (request: NextRequest) => request.cookies.get(sessionCookie().name)?.value;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export async function readText(request: NextRequest, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw payloadTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(request: NextRequest, maxBytes: number): Promise<unknown> {
  const text = await readText(request, maxBytes);
  if (text.trim() === "") throw invalidInput({ body: ["Required"] });
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput({ body: ["Invalid"] });
  }
}

/** Query keys match the schema's case-insensitively, as the original server's did. */
function readQuery(request: NextRequest, schema: QuerySchema): Record<string, string> {
  const byLowerCase = new Map(Object.keys(schema.shape).map((key) => [key.toLowerCase(), key]));
  const result: Record<string, string> = {};
  for (const [key, value] of request.nextUrl.searchParams) {
    const known = byLowerCase.get(key.toLowerCase());
    if (known && !(known in result)) result[known] = value;
  }
  return result;
}

/**
 * A state-changing call from a browser must come from our own pages: another site's form or
 * script gets 403 even though the browser would attach our cookie.
 */
function assertSameOrigin(request: NextRequest): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.headers.get("sec-fetch-site") === "cross-site") throw forbidden();
  const origin = request.headers.get("origin");
  if (!origin) return; // not a browser: no ambient cookie to abuse
  const allowed = [request.nextUrl.origin, new URL(config().publicUrl).origin];
  if (!allowed.includes(origin)) throw forbidden();
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json(error.toBody(), {
      status: error.status,
      headers: { "Cache-Control": "no-store", ...error.headers },
    });
  }
  // Logged for the operator; the client gets the contract's body, never a stack or SQL.
  console.error("Unhandled error in route handler:", error instanceof Error ? error.message : error);
  return Response.json(
    { code: null, message: uz.http.serverError, validationErrors: {} },
    { status: 500, headers: { "Cache-Control": "no-store" } },
  );
}

export function handler<
  Q extends QuerySchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends Auth | undefined = undefined,
>(options: HandlerOptions<Q, B, A>, fn: (input: Input<Q, B, A>) => Promise<unknown>) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      if (!options.crossOrigin) assertSameOrigin(request);
      const user = options.auth
        ? await requireUser(
            sessionToken(request),
            options.auth === "any" ? undefined : options.auth,
          )
        : undefined;
      const claims = options.claims ? await requireClaims(sessionToken(request), options.claims) : undefined;
      const query = options.query ? parseOrThrow(options.query, readQuery(request, options.query)) : undefined;
      const body = options.body
        ? parseOrThrow(options.body, await readJson(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
        : undefined;
      const params = (await context?.params) ?? {};
      const result = await fn({ query, body, user, claims, request, params } as Input<Q, B, A>);
      if (result instanceof Response) return result;
      const cacheControl = options.cacheSeconds ? `public, max-age=${options.cacheSeconds}` : "no-store";
      return Response.json(result ?? {}, { headers: { "Cache-Control": cacheControl } });
    } catch (error) {
      // A client that hung up mid-request (a phone losing its signal) is no server error to log.
      if (request.signal.aborted) return new Response(null, { status: 499 });
      return errorResponse(error);
    }
  };
}
