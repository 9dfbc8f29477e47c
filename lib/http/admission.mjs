// Admission control (DESIGN §13), used by server.mjs: a server past its capacity keeps a short
// queue in arrival order and answers a fast 503 with Retry-After to whoever would wait longer,
// instead of letting thousands of requests share the CPU until each takes a minute.
//
// Two doors. Those already inside (a request with a session, other than a sign-in: a pupil's page
// after signing in, the start, the attempt, the answers) may use twice the room and are served
// first; the entrance (a sign-in, a page without a session) waits behind them. So a pupil let in
// at the sign-in is not turned away again at each later step of the way to the first question.
// A session counts only once its token's signature holds (server.mjs decodes it, cheaply, before
// the door is chosen): any `next-auth.session-token=x` cookie used to move a request inside.
//
// A refused client keeps its place: the 503 carries a signed ticket (a cookie) with the time it
// first came, and its retry queues by that time, ahead of those who came later. Without it a
// client refused twice could be overtaken for a minute by everyone arriving meanwhile. The ticket
// is bound to the client it was given to (its address and browser): one genuine ticket shared by
// fifty bots does not put them ahead of those who came earlier.

import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { decode } from "next-auth/jwt";
import { SESSION_COOKIE } from "./session-cookie.mjs";

const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE.replaceAll(".", "\\.")}=([^;]+)`);
const TICKET = "olimpiada-queue";
const TICKET_COOKIE = new RegExp(`(?:^|;\\s*)${TICKET}=(\\d+)\\.([\\w-]+)`);
const TICKET_SECONDS = 120;
// Longer waits were measured to leave the server idle while refused clients sleep (bench:opening
// at P=0: a cap of 30 s gave p99 99 s); a returning client's ticket keeps its place anyway.
const MAX_RETRY_AFTER_SECONDS = 8;

/**
 * The role of a Cookie header's session token if it is genuine (ours: it decrypts with `secret`,
 * and not expired), else null. Genuine tokens are remembered until they expire; anything else is
 * decoded again (a failed decode is cheap, and remembering what anyone sends would fill memory).
 * Whether a session still holds (signed out, blocked) is the app's to ask of the database: here it
 * only chooses the door, and whether a large upload may stream in.
 */
export function genuineSessions(secret) {
  const known = new LRUCache({ max: 20_000 });
  return async (cookieHeader) => {
    const token = (cookieHeader && SESSION_COOKIE_VALUE.exec(cookieHeader)?.[1]) || null;
    if (!token) return null;
    const remembered = known.get(token);
    if (remembered !== undefined) return remembered;
    const claims = await decode({ token, secret }).catch(() => null);
    const expiresInMs = Number(claims?.exp) * 1000 - Date.now();
    if (!claims?.sub || typeof claims.role !== "number" || !(expiresInMs > 0)) return null;
    known.set(token, claims.role, { ttl: expiresInMs });
    return claims.role;
  };
}

/**
 * The queue ticket's cookie: the time a client first came, signed with `secret` for that client
 * (what identifies it: its address and its browser), so that it holds for that client alone.
 */
export function ticketCookie(since, secret, client) {
  const signature = createHmac("sha256", secret).update(`${since}\u0000${client}`).digest("base64url").slice(0, 22);
  return `${TICKET}=${since}.${signature}; Max-Age=${TICKET_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
}

/** The time on a valid, recent ticket of this client in the Cookie header, else `now` (a first arrival). */
export function ticketTime(cookieHeader, secret, client, now = Date.now()) {
  const match = cookieHeader ? TICKET_COOKIE.exec(cookieHeader) : null;
  if (!match) return now;
  const since = Number(match[1]);
  const expected = ticketCookie(since, secret, client).split(";")[0].split(".")[1];
  const valid = expected.length === match[2].length && timingSafeEqual(Buffer.from(expected), Buffer.from(match[2]));
  return valid && since <= now && now - since <= TICKET_SECONDS * 1_000 ? since : now;
}

/** Which door a request comes through: "free" (never held), "inside" or "entry". */
export function doorOf(path, hasGenuineSession) {
  if (path.startsWith("/_next/static/") || path === "/api/health" || path === "/favicon.ico") return "free";
  if (/^\/api\/Identity\/Login$/i.test(path)) return "entry";
  if (hasGenuineSession) return "inside";
  // Without a session: the API's public calls (regions, registration, the payment callbacks) are
  // inside; a page, whatever the method (GET, HEAD, a POST), is the entrance.
  return path.startsWith("/api/") ? "inside" : "entry";
}

/**
 * `limit` requests in flight for the entrance (twice that for those inside); past it a request
 * waits in its queue at most `queueMs`, then is refused. `retryAfter()` is the seconds the queue
 * ahead now needs at the measured rate, spread ±50 % so refused clients do not come back together.
 */
export function createAdmission({ limit, queueMs = 5_000, now = Date.now, random = Math.random }) {
  let inFlight = 0;
  const queues = { inside: [], entry: [] };
  const room = { inside: limit * 2, entry: limit };
  // Completions a second, smoothed over the last few seconds (at least 1: never divide by nothing).
  let rate = limit;
  let served = 0;
  let since = now();

  function measure() {
    const elapsed = now() - since;
    if (elapsed < 1_000) return;
    rate = Math.max(1, 0.6 * rate + (0.4 * served * 1_000) / elapsed);
    served = 0;
    since = now();
  }

  function drain() {
    for (const door of ["inside", "entry"]) {
      const queue = queues[door];
      while (queue.length > 0 && inFlight < room[door]) {
        const waiter = queue.shift();
        clearTimeout(waiter.timer);
        inFlight++;
        waiter.resolve(true);
      }
    }
  }

  return {
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queues.inside.length + queues.entry.length;
    },
    /**
     * For a request of the "inside" or "entry" door: resolves true when it may go on (call
     * `leave()` when it ends), false when it is to be refused. `gone` registers a callback for a
     * client that hangs up while it waits.
     */
    enter(door, since = now(), gone) {
      const queue = queues[door];
      // Those inside go before the entrance; within a door, in the order they first came.
      let at = queue.length;
      while (at > 0 && queue[at - 1].since > since) at--;
      const ahead = door === "inside" ? at : queues.inside.length + at;
      if (ahead === 0 && inFlight < room[door]) {
        inFlight++;
        return Promise.resolve(true);
      }
      // A place further back than the server drains in `queueMs` is refused at once: waiting would not help.
      measure();
      if (ahead >= (rate * queueMs) / 1_000 + limit) return Promise.resolve(false);
      return new Promise((resolve) => {
        const waiter = { resolve, since, timer: null };
        const drop = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          clearTimeout(waiter.timer);
          resolve(false);
        };
        waiter.timer = setTimeout(drop, queueMs);
        gone?.(drop);
        queue.splice(at, 0, waiter);
      });
    },
    leave() {
      inFlight--;
      served++;
      measure();
      drain();
    },
    /** Seconds until the queue ahead of a ticket of `since` is served at the measured rate. */
    retryAfter(since = now()) {
      measure();
      const ahead = queues.inside.length + queues.entry.filter((waiter) => waiter.since <= since).length;
      const drainSeconds = (ahead + inFlight) / rate;
      return Math.max(1, Math.round(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, drainSeconds)) * (0.5 + random())));
    },
  };
}

/**
 * Waits, reading nothing, for a request's body to arrive: "arrived" once it has (or, where
 * `mayStream`, once the stream holds as much as it buffers: a large upload then streams on
 * inside), "tooLarge" for a body larger than the buffer where it may not stream (the server's
 * buffer holds any body the app's routes take from anyone but an organiser), "slow" if it has not
 * arrived within `waitMs` or the client went. The handler reads the body as usual.
 */
export function bodyArrived(request, waitMs, { mayStream = false } = {}) {
  const length = request.headers["content-length"];
  const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
  if (!hasBody || request.complete) return Promise.resolve("arrived");
  if (!mayStream && Number(length) > request.readableHighWaterMark) return Promise.resolve("tooLarge");
  return new Promise((resolve) => {
    const done = (outcome) => {
      clearTimeout(timer);
      request.off("readable", check);
      request.off("close", gone);
      resolve(outcome);
    };
    const check = () => {
      if (request.complete) done("arrived");
      else if (request.readableLength >= request.readableHighWaterMark) done(mayStream ? "arrived" : "tooLarge");
    };
    const gone = () => done("slow");
    const timer = setTimeout(gone, waitMs);
    request.on("readable", check);
    request.once("close", gone);
  });
}
