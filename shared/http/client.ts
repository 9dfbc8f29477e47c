// The browser's fetch layer (spec §8): one error type, the status messages, the 401 rule, the
// waits before trying again. No UI: a failure is shown by components/ui/show-error.ts.
"use client";

import { messagesNow } from "@/shared/i18n/said";
import type { ErrorBody, QueuePlace, SourceError, ValidationErrors } from "./contract";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | null = null,
    readonly validationErrorCodes: ValidationErrors = {},
    /** A file's errors by row or question (an upload's 422). */
    readonly sourceErrors: SourceError[] = [],
    /** Seconds a saturated server asks to wait before trying again (a 503's Retry-After). */
    readonly retryAfter: number | null = null,
    /** Where a saturated server's queue has this client, and how long it is likely to wait. */
    readonly queue: QueuePlace | null = null,
    /** The server's id of the request (X-Request-Id): shown on the error page, for support. */
    readonly requestId: string | null = null,
  ) {
    super(message || messagesNow().http.default);
    this.name = "ApiError";
  }
}

export function statusMessage(status: number): string {
  switch (status) {
    case 401:
      return messagesNow().http.unauthorized;
    case 403:
      return messagesNow().http.forbidden;
    case 404:
      return messagesNow().http.notFound;
    case 413:
      return messagesNow().http.payloadTooLarge;
    case 422:
      return messagesNow().http.unprocessable;
    case 429:
      return messagesNow().http.tooManyRequests;
    case 500:
      return messagesNow().http.serverError;
    case 502:
      return messagesNow().http.badGateway;
    case 503:
      return messagesNow().http.network;
    default:
      return messagesNow().http.otherStatus({ status });
  }
}

/** Calls whose 401 is an answer ("nobody is signed in"), not a lost session. */
const SILENT_401 = ["/Identity/GetCurrentUser"];

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/** `path` is under /api, e.g. "/Regions/GetAll". Throws ApiError for every failure. */
export async function api<T>(path: string, { method = "GET", query, body, signal }: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      signal,
      // A file goes as multipart (the browser sets its boundary); anything else as JSON.
      headers: body === undefined || body instanceof FormData ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(503, messagesNow().http.network);
  }

  const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
  const payload: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (response.ok) return (payload ?? (await response.blob())) as T;

  if (response.status === 401 && !SILENT_401.includes(path)) window.location.reload();
  const error = payload as Partial<ErrorBody> | undefined;
  throw new ApiError(
    response.status,
    error?.message || statusMessage(response.status),
    error?.code ?? null,
    error?.validationErrors ?? {},
    error?.errors ?? [],
    Number(response.headers.get("retry-after")) || null,
    typeof error?.position === "number" && typeof error.waitSeconds === "number"
      ? { position: error.position, waitSeconds: error.waitSeconds }
      : null,
    response.headers.get("x-request-id"),
  );
}

/**
 * How long to wait before trying again after a 503: the server's Retry-After when it sent one (it
 * is the time its queue needs, already spread), else 1, 2, 4… up to 10 s; plus up to a second of
 * jitter so that clients refused together do not come back together.
 */
export function busyWait(retryAfter: number | null, tries: number): number {
  return (retryAfter ?? Math.min(10, 2 ** tries)) * 1000 + Math.random() * 1000;
}

/** Reads are retried for our own errors only, never for 404, at most 3 times. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status !== 404 && error.status !== 401 && failureCount < 3;
}

/** The n-th retry waits n × 10 s. */
export function retryDelay(failureCount: number): number {
  return failureCount * 10_000;
}
