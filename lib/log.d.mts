// Types of log.mjs (plain JavaScript: server.mjs runs it without a build).
import type { Logger } from "pino";

import type { Locale } from "./i18n/locale.mjs";

/** What a request's log line carries beside its route, status and duration (and the API call's language). */
export type RequestContext = { requestId: string; userId?: number; attemptId?: number; question?: number; locale?: Locale };

export function log(): Logger;
export function withRequest<T>(context: RequestContext, work: () => T): T;
export function currentRequest(): RequestContext | undefined;
export function noteRequest(fields: Partial<Omit<RequestContext, "requestId">>): void;
export function logEvent(event: string, fields?: Record<string, unknown>): void;
export function errorText(error: unknown): string;
