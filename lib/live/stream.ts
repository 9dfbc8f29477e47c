// The stream an open attempt page listens on (Server-Sent Events): the pupil's changes as they
// happen (changes.ts), a comment every 25 s so that proxies keep it open, and an end after 10
// minutes, when the browser connects again by itself (its token checked anew). It costs no
// database query: the token's claims name the pupil, and a change carries nothing the pupil may
// not know. A few at a time per pupil and process (tabs, a reload).
import "server-only";
import { AppError } from "@/lib/http/errors";
import { callMessages } from "@/lib/i18n/server";
import { type AttemptChange, onChange } from "./changes";

const KEEP_OPEN_MS = 25_000;
const LIFETIME_MS = 10 * 60_000;
/** How soon a browser whose stream ended (or broke) connects again, spread so that not all at once. */
const RETRY_MS = 5_000;
export const STREAMS_PER_PUPIL = 4;

const open = new Map<number, number>();

export function changesStream(userId: number, signal: AbortSignal): Response {
  const held = open.get(userId) ?? 0;
  if (held >= STREAMS_PER_PUPIL) throw new AppError(429, null, callMessages().http.tooManyRequests, {}, { "Retry-After": "60" });
  open.set(userId, held + 1);
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = onChange(userId, (change: AttemptChange) => send(`data: ${JSON.stringify(change)}\n\n`));
      const ping = setInterval(() => send(": \n\n"), KEEP_OPEN_MS);
      const end = setTimeout(
        () => {
          stop();
          controller.close();
        },
        LIFETIME_MS + Math.random() * 60_000,
      );
      let stopped = false;
      stop = () => {
        if (stopped) return;
        stopped = true;
        unsubscribe();
        clearInterval(ping);
        clearTimeout(end);
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      };
      signal.addEventListener("abort", () => stop(), { once: true });
      send(`retry: ${Math.round(RETRY_MS * (1 + Math.random()))}\n\n`);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: never compressed (a compressor would hold the events back); nginx: not buffered.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
