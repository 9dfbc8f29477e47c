// The one wrapper of every route handler: body limit, parsing with the shared schema, error mapping.
import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { uz } from "@/lib/i18n/uz";
import { AppError, invalidInput, parseOrThrow, payloadTooLarge } from "./errors";

/** Bodies are small JSON documents; anything larger is refused before it is read whole. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type QuerySchema = z.ZodObject<z.ZodRawShape>;

type HandlerOptions<Q extends QuerySchema | undefined, B extends z.ZodType | undefined> = {
  query?: Q;
  body?: B;
  maxBodyBytes?: number;
  /** Public, rarely changing answers (reference data) may be cached by browsers for this long. */
  cacheSeconds?: number;
};

type Input<Q, B> = {
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  body: B extends z.ZodType ? z.output<B> : undefined;
  request: NextRequest;
  params: Record<string, string | string[]>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

async function readText(request: NextRequest, maxBytes: number): Promise<string> {
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

export function handler<Q extends QuerySchema | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  options: HandlerOptions<Q, B>,
  fn: (input: Input<Q, B>) => Promise<unknown>,
) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      const query = options.query ? parseOrThrow(options.query, readQuery(request, options.query)) : undefined;
      const body = options.body
        ? parseOrThrow(options.body, await readJson(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
        : undefined;
      const params = (await context?.params) ?? {};
      const result = await fn({ query, body, request, params } as Input<Q, B>);
      if (result instanceof Response) return result;
      const cacheControl = options.cacheSeconds ? `public, max-age=${options.cacheSeconds}` : "no-store";
      return Response.json(result ?? {}, { headers: { "Cache-Control": cacheControl } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
