// Types of status-page.mjs (plain JavaScript: server.mjs runs it without a build).
import type { IncomingMessage, ServerResponse } from "node:http";

export const STATUS_PATHS: Set<string>;
export function provideStatus(read: () => Promise<unknown>, seconds: number): void;
export function statusResponder(options: {
  busy: () => boolean;
}): (request: IncomingMessage, response: ServerResponse, urlPath: string, locale: string) => Promise<void>;
