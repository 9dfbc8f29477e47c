// The stream an open attempt page listens on (Server-Sent Events): the pupil's changes as they
// happen (changes.ts), a comment every 25 s so that proxies keep it open, an end after 10 minutes;
// it lives no longer than its session. How many, and when it ends:
// docs/api.md#the-organisers-acts-heard-at-once-get-apitestattemptsevents
import "server-only";
import { AppError } from "@/lib/http/errors";
import { callMessages } from "@/lib/i18n/server";
import { processWide } from "@/lib/process-state.mjs";
import { type AttemptChange, onChange } from "./changes";

const KEEP_OPEN_MS = 25_000;
const LIFETIME_MS = 10 * 60_000;
/** How soon a browser whose stream ended (or broke) connects again, spread so that not all at once. */
const RETRY_MS = 5_000;
export const STREAMS_PER_PUPIL = 4;

/** Open streams per pupil, one count per process whichever copy of this module serves (lib/process-state.mjs). */
const openStreams = () => processWide("streams", () => new Map<number, number>());

/**
 * The pupil's stream for this session. `signedIn` is the database's word on the session (the
 * route passes the identity's check): asked before the stream opens (401) and at each keep-alive.
 */
export async function changesStream({
  userId,
  sessionId,
  signedIn,
  signal,
}: {
  userId: number;
  sessionId: string;
  signedIn: () => Promise<boolean>;
  signal: AbortSignal;
}): Promise<Response> {
  if (!(await signedIn())) throw new AppError(401, null, callMessages().http.unauthorized);
  const open = openStreams();
  const held = open.get(userId) ?? 0;
  if (held >= STREAMS_PER_PUPIL) throw new AppError(429, null, callMessages().http.tooManyRequests, {}, { "Retry-After": "60" });
  open.set(userId, held + 1);
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let stopped = false;
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      /** Ends the stream from our side: the browser's EventSource connects again, and is checked then. */
      const close = () => {
        if (stopped) return;
        stop();
        controller.close();
      };
      const unsubscribe = onChange(userId, (change: AttemptChange, only?: string) => {
        if (only && only !== sessionId) return; // another device's session
        send(`data: ${JSON.stringify(change)}\n\n`);
        if (change.kind === "signedOut") close();
      });
      const ping = setInterval(() => {
        send(": \n\n");
        signedIn().then(
          (still) => still || close(),
          () => {}, // the database away for a moment: the next keep-alive asks again
        );
      }, KEEP_OPEN_MS);
      const end = setTimeout(close, LIFETIME_MS + Math.random() * 60_000);
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
