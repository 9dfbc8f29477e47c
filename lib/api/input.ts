// What a route handler reads of its request: the body (refused past its limit, chunked or not), as
// JSON, text or a multipart form, the query by the schema's keys, and every input parsed by its
// schema after unsafe text is refused. The handler (./handler.ts) decides which of these a route gets.
import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { type AppError, invalidInput, type Parseable, parseOrThrow, payloadTooLarge } from "@/lib/http/errors";
import { unsafeTextPaths } from "@/lib/http/unsafe-text";
import type { ValidationErrors } from "@/shared/http/contract";

/** Schemas of zod or zod/mini (the forms' shared schemas are mini, to keep the pages light). */
export type Schema = Parseable;
export type ObjectSchema = Parseable & z.core.$ZodObject;

/** The body's bytes, refused (413) as soon as more than `maxBytes` arrive, chunked or not. */
async function readBytes(request: NextRequest, maxBytes: number, tooLarge = payloadTooLarge): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readText(request: NextRequest, maxBytes: number): Promise<string> {
  return (await readBytes(request, maxBytes)).toString("utf8");
}

export async function readMultipart<M extends ObjectSchema>(
  request: NextRequest,
  { fields, maxBytes, tooLarge, unreadable }: { fields: M; maxBytes: number; tooLarge: () => AppError; unreadable: () => AppError },
): Promise<{ fields: z.output<M>; file: Blob | null }> {
  // Read up to the limit and no further, chunked or not: a 20 MB upload is refused at 5 MB.
  const bytes = await readBytes(request, maxBytes, tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw unreadable();
  }
  const file = form.get("file");
  const text = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  return { fields: parseSafe(fields, text), file: file instanceof Blob ? file : null };
}

export async function readJson(request: NextRequest, maxBytes: number): Promise<unknown> {
  const text = await readText(request, maxBytes);
  if (text.trim() === "") throw invalidInput({ body: ["Required"] });
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput({ body: ["Invalid"] });
  }
}

/** Query keys match the schema's case-insensitively, as the original server's did. */
export function readQuery(request: NextRequest, schema: ObjectSchema): Record<string, string> {
  const byLowerCase = new Map(Object.keys(schema._zod.def.shape).map((key) => [key.toLowerCase(), key]));
  const result: Record<string, string> = {};
  for (const [key, value] of request.nextUrl.searchParams) {
    const known = byLowerCase.get(key.toLowerCase());
    if (known && !(known in result)) result[known] = value;
  }
  return result;
}

/** Control characters and lone surrogates never reach a schema, let alone the database: 422. */
export function parseSafe<S extends Schema>(schema: S, input: unknown): z.output<S> {
  const unsafe = unsafeTextPaths(input);
  if (unsafe.length > 0) {
    const errors: ValidationErrors = {};
    for (const path of unsafe) errors[path.charAt(0).toLowerCase() + path.slice(1)] = ["Invalid"];
    throw invalidInput(errors);
  }
  return parseOrThrow(schema, input);
}
