// @ts-check
// Admission control, used by the front door (server/main.mjs): a server past its capacity keeps a short
// queue in arrival order and answers a fast 503 with Retry-After to whoever would wait longer,
// instead of letting thousands of requests share the CPU until each takes a minute.
//
// Two doors. Those already inside (a request with a session, other than a sign-in: a pupil's page
// after signing in, the start, the attempt, the answers) may use twice the room and are served
// first; the entrance (a sign-in, anything without a session: a page, an API call, a provider's
// callback) waits behind them. So a pupil let in at the sign-in is not turned away again at each
// later step of the way to the first question, and no anonymous caller, however many connections
// it opens, takes the room of those inside. A session counts only once its token's signature holds
// (the front door decodes it, cheaply, before the door is chosen): any
// `next-auth.session-token=x` cookie used to move a request inside.
//
// The entrance is fair by address: when room frees, the waiter whose address holds the fewest
// places at the entrance goes first (in arrival order among equals). One address looping on 48
// connections holds the room it had, and a sign-in from any other address is next.
//
// A refused client keeps its place: the 503 carries a signed ticket (a cookie) with the time it
// first came, and its retry queues by that time, ahead of those who came later. The ticket holds
// for as long as the client keeps coming back (it lapses 20 s after it was last given, and in any
// case after half an hour), and it is given and renewed on every request the client makes while
// the server is busy: a pupil's place holds across all the steps to the first question (the start
// page, the start, the attempt page), not one step at a time. The ticket is bound to the client it
// was given to (its address, whatever the browser says it is): one genuine ticket shared by fifty
// bots does not put them ahead of those who came earlier, a ticket per made-up User-Agent is
// still one address's, and a forged one is a first arrival.

import { createHmac, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { LRUCache } from "lru-cache";
import { decode } from "next-auth/jwt";
import { SESSION_COOKIE } from "../lib/http/session-cookie.mjs";

/**
 * The door a request comes through: "free" (never held), "inside" or "entry".
 * @typedef {"free" | "inside" | "entry"} Door
 */
/**
 * The doors that hold a place.
 * @typedef {Exclude<Door, "free">} HeldDoor
 */

const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE.replaceAll(".", "\\.")}=([^;]+)`);
const TICKET = "olimpiada-queue";
const TICKET_COOKIE = new RegExp(`(?:^|;\\s*)${TICKET}=(\\d+)\\.(\\d+)\\.([\\w-]+)`);
/**
 * A ticket lapses this long after it was last given: the client stopped trying, or went on to
 * something else (a pupil who signed in a minute ago and now presses start has come anew). Longer
 * than a refused client's longest wait before it asks again (MAX_RETRY_AFTER_SECONDS, +50 %).
 */
const TICKET_IDLE_SECONDS = 20;
/** No wait lasts this long: a ticket kept alive by a script is worth nothing after it. */
const TICKET_MAX_SECONDS = 30 * 60;
/** A refused client not back this long after its Retry-After no longer counts ahead of others. */
const AWAY_GRACE_MS = 15_000;
/** The frontier's speed is measured over this long. */
const FRONTIER_WINDOW_MS = 10_000;
/** A frontier slower than this (arrival time per time) is not moving: the wait is told from the requests ahead. */
const MIN_FRONTIER_SPEED = 0.02;
/** First-came times sampled a second for the frontier (the first ones let in; enough for a median). */
const LET_IN_SAMPLES = 1_000;
/** Refused clients remembered at most (per process): past it a refused client's place is told a little short. */
const AWAY_MAX = 10_000;
// Longer waits were measured to leave the server idle while refused clients sleep (bench:opening
// at P=0: a cap of 30 s gave p99 99 s); a returning client's ticket keeps its place anyway.
// And a client away longer than the queue moves lets those who came after it in first: 5 s (7.5 s
// at most with the spread) keeps a returning client within 10 s of its place (bench:opening's order line).
const MAX_RETRY_AFTER_SECONDS = 5;

/**
 * The role of a Cookie header's session token if it is genuine (ours: it decrypts with `secret`,
 * and not expired), else null. Genuine tokens are remembered until they expire; anything else is
 * decoded again (a failed decode is cheap, and remembering what anyone sends would fill memory).
 * Whether a session still holds (signed out, blocked) is the app's to ask of the database: here it
 * only chooses the door, and whether a large upload may stream in.
 */
/**
 * @param {string} secret
 * @returns {(cookieHeader: string | undefined) => Promise<number | null>}
 */
export function genuineSessions(secret) {
  /** @type {LRUCache<string, number>} */
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
 * @param {number} since
 * @param {number} seen
 * @param {string} secret
 * @param {string} client
 */
const signTicket = (since, seen, secret, client) =>
  createHmac("sha256", secret).update(`${since}\u0000${seen}\u0000${client}`).digest("base64url").slice(0, 22);

/**
 * The queue ticket's cookie: the time a client first came and the time it was given (`seen`),
 * signed with `secret` for that client (what identifies it: its address and its browser), so that
 * it holds for that client alone.
 * @param {number} since
 * @param {string} secret
 * @param {string} client
 * @param {number} [seen]
 * @returns {string}
 */
export function ticketCookie(since, secret, client, seen = since) {
  return `${TICKET}=${since}.${seen}.${signTicket(since, seen, secret, client)}; Max-Age=${TICKET_IDLE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
}

/**
 * The time a client first came, from a valid ticket of this client in the Cookie header (signed
 * for it, given within the last minute, first came within half an hour); null when it has none.
 * @param {string | undefined} cookieHeader
 * @param {string} secret
 * @param {string} client
 * @param {number} [now]
 * @returns {number | null}
 */
export function ticketSince(cookieHeader, secret, client, now = Date.now()) {
  const match = cookieHeader ? TICKET_COOKIE.exec(cookieHeader) : null;
  if (!match) return null;
  const since = Number(match[1]);
  const seen = Number(match[2]);
  const expected = signTicket(since, seen, secret, client);
  const genuine = expected.length === match[3].length && timingSafeEqual(Buffer.from(expected), Buffer.from(match[3]));
  const recent = since <= seen && seen <= now && now - seen <= TICKET_IDLE_SECONDS * 1_000 && now - since <= TICKET_MAX_SECONDS * 1_000;
  return genuine && recent ? since : null;
}

/**
 * A ticket lends the time its client first came to at most `parallel` requests of that client at
 * once (a page and the calls it makes): a script sending hundreds in parallel on one ticket queues
 * the rest as newcomers. `lend(client)` gives a function that returns the loan, or null.
 * @param {number} parallel
 */
export function ticketLender(parallel) {
  /** @type {Map<string, number>} */
  const lent = new Map(); // client → requests holding its ticket's time now
  return {
    /**
     * @param {string} client
     * @returns {(() => void) | null}
     */
    lend(client) {
      const holding = lent.get(client) ?? 0;
      if (holding >= parallel) return null;
      lent.set(client, holding + 1);
      let returned = false;
      return () => {
        if (returned) return;
        returned = true;
        const left = (lent.get(client) ?? 1) - 1;
        if (left > 0) lent.set(client, left);
        else lent.delete(client);
      };
    },
    get clients() {
      return lent.size;
    },
  };
}

/**
 * Which door a request comes through: "free" (never held), "inside" or "entry".
 * @param {string} path
 * @param {boolean} hasGenuineSession
 * @returns {Door}
 */
export function doorOf(path, hasGenuineSession) {
  // The build's files (immutable, fetched once per device; the front door answers a miss itself) never queue.
  if (path.startsWith("/_next/static/") || path === "/api/health" || path === "/favicon.ico") return "free";
  if (/^\/api\/Identity\/Login$/i.test(path)) return "entry";
  // Without a verified session, whatever the path or method: the entrance.
  return hasGenuineSession ? "inside" : "entry";
}

/**
 * `limit` requests in flight for the entrance (twice that for those inside); past it a request
 * waits in its queue at most `queueMs`, then is refused. `refusal()` tells a refused client its
 * place (those ahead of it, waiting here or refused earlier and due back) and its wait: until the
 * frontier of those let in reaches the time it first came, at the speed the frontier moves, or
 * until the requests ahead are served at the measured rate if that is longer. It asks again once
 * the requests ahead are served (at most MAX_RETRY_AFTER_SECONDS), spread ±50 % so refused
 * clients do not come back together.
 * @param {{ limit: number; queueMs?: number; now?: () => number; random?: () => number }} options
 */
export function createAdmission({ limit, queueMs = 5_000, now = Date.now, random = Math.random }) {
  let inFlight = 0;
  /** @typedef {{ resolve: (admitted: boolean) => void; since: number; step: boolean; client: string | null; timer: NodeJS.Timeout | undefined }} Waiter */
  /** @type {Record<HeldDoor, Waiter[]>} */
  const queues = { inside: [], entry: [] };
  const room = { inside: limit * 2, entry: limit };
  // Completions a second, smoothed over the last few seconds (at least 1: never divide by nothing).
  let rate = limit;
  let served = 0;
  let since = now();
  // Clients refused and due back (client → the time they first came, and until when they count):
  // they keep their place in the count a refused client is told, not in the room while away.
  /** @type {Map<string, { since: number; until: number }>} */
  const away = new Map();

  // The arrival frontier: the time those let in now first came, and how fast it moves. A refused
  // client's wait is the time the frontier takes to reach its own first time: that counts every
  // step still ahead of those before it, where a count of requests counts only the one they ask now.
  /** @type {number[]} */
  let letIn = []; // the first-came times of those let in since the last measure
  /** @type {[number, number][]} */
  const frontiers = []; // [when, the frontier then], a sample a second over FRONTIER_WINDOW_MS

  function measure() {
    const elapsed = now() - since;
    if (elapsed < 1_000) return;
    rate = Math.max(1, 0.6 * rate + (0.4 * served * 1_000) / elapsed);
    served = 0;
    since = now();
    if (letIn.length > 0) {
      letIn.sort((a, b) => a - b);
      frontiers.push([since, letIn[Math.floor(letIn.length / 2)]]);
      letIn = [];
    }
    while (frontiers.length > 0 && frontiers[0][0] < since - FRONTIER_WINDOW_MS) frontiers.shift();
  }

  /**
   * Seconds until the frontier reaches `first`, at the speed it moved over the window; null if it is there, or not moving.
   * @param {number} first
   * @returns {number | null}
   */
  function frontierWait(first) {
    if (frontiers.length < 2) return null;
    const [[fromTime, fromFrontier], [toTime, toFrontier]] = [frontiers[0], frontiers[frontiers.length - 1]];
    const speed = (toFrontier - fromFrontier) / (toTime - fromTime); // arrival time per time
    if (first <= toFrontier || speed <= MIN_FRONTIER_SPEED) return null;
    return Math.ceil(((first - toFrontier) / speed - (now() - toTime)) / 1_000);
  }

  /** @param {number} first */
  function noteLetIn(first) {
    if (letIn.length < LET_IN_SAMPLES) letIn.push(first);
  }

  // Places held at the entrance, by address (fairness: see the top of this file).
  /** @type {Map<string, number>} */
  const entryHeld = new Map();
  /** @param {string | null} client */
  const heldBy = (client) => (client === null ? 0 : (entryHeld.get(client) ?? 0));

  /**
   * Takes a place: `door`'s count and, at the entrance, its address's.
   * @param {HeldDoor} door
   * @param {string | null} client
   */
  function take(door, client) {
    inFlight++;
    if (door === "entry" && client !== null) entryHeld.set(client, heldBy(client) + 1);
  }

  /**
   * The entrance's next waiter: of those whose address holds the fewest places, the first to come
   * (the queue is in arrival order, so the first that holds none ends the search).
   * @returns {number}
   */
  function nextAtEntry() {
    const queue = queues.entry;
    let best = 0;
    for (let at = 0; at < queue.length; at++) {
      const held = heldBy(queue[at].client);
      if (held < heldBy(queue[best].client)) best = at;
      if (held === 0) break;
    }
    return best;
  }

  function drain() {
    for (const door of /** @type {const} */ (["inside", "entry"])) {
      const queue = queues[door];
      while (queue.length > 0 && inFlight < room[door]) {
        const [waiter] = queue.splice(door === "entry" ? nextAtEntry() : 0, 1);
        clearTimeout(waiter.timer);
        take(door, waiter.client);
        if (waiter.step) noteLetIn(waiter.since);
        waiter.resolve(true);
      }
    }
  }

  /**
   * Those waiting here ahead of a request of `door` that first came at `first`.
   * @param {HeldDoor} door
   * @param {number} first
   */
  function waitingAhead(door, first) {
    const entryAhead = queues.entry.filter((waiter) => waiter.since <= first).length;
    if (door === "entry") return queues.inside.length + entryAhead;
    return queues.inside.filter((waiter) => waiter.since <= first).length;
  }

  function forgetOverdue() {
    const at = now();
    for (const [other, { until }] of away) if (until < at) away.delete(other);
  }

  /**
   * Refused clients due back who first came before `first` (the overdue ones are forgotten).
   * @param {number} first
   * @param {string | null} client
   */
  function awayAhead(first, client) {
    forgetOverdue();
    let ahead = 0;
    for (const [other, { since: theirs }] of away) if (theirs < first && other !== client) ahead++;
    return ahead;
  }

  return {
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queues.inside.length + queues.entry.length;
    },
    /** Clients refused and due back, counted ahead of those who came after them. */
    get away() {
      forgetOverdue();
      return away.size;
    },
    /** Requests completed a second, as last measured. */
    get rate() {
      return Math.round(rate * 10) / 10;
    },
    /**
     * For a request of the "inside" or "entry" door: resolves true when it may go on (call
     * `leave()` when it ends), false when it is to be refused. `gone` registers a callback for a
     * client that hangs up while it waits. `step`: a step on the way to the first question (not an
     * answer of a pupil already in), which the arrival frontier follows. `client`: its address, by
     * which the entrance is fair (give it to `leave` too).
     * @param {HeldDoor} door
     * @param {number} [since]
     * @param {(drop: () => void) => void} [gone]
     * @param {{ step?: boolean; client?: string | null }} [options]
     * @returns {Promise<boolean>}
     */
    enter(door, since = now(), gone, { step = true, client = null } = {}) {
      const queue = queues[door];
      // Those inside go before the entrance; within a door, in the order they first came.
      let at = queue.length;
      while (at > 0 && queue[at - 1].since > since) at--;
      const ahead = door === "inside" ? at : queues.inside.length + at;
      if (ahead === 0 && inFlight < room[door]) {
        take(door, client);
        if (step) noteLetIn(since);
        return Promise.resolve(true);
      }
      // A place further back than the server drains in `queueMs` is refused at once: waiting would
      // not help. The client keeps its place with its ticket and comes back.
      measure();
      if (ahead >= (rate * queueMs) / 1_000 + limit) return Promise.resolve(false);
      return new Promise((resolve) => {
        /** @type {Waiter} */
        const waiter = { resolve, since, step, client, timer: undefined };
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
    /**
     * A request let in has ended: its place is free.
     * @param {{ door?: HeldDoor; client?: string | null }} [held] its door and address, as it entered
     */
    leave({ door = "inside", client = null } = {}) {
      inFlight--;
      if (door === "entry" && client !== null) {
        const left = heldBy(client) - 1;
        if (left > 0) entryHeld.set(client, left);
        else entryHeld.delete(client);
      }
      served++;
      measure();
      drain();
    },
    /**
     * A refused request of `door` from `client`, which first came at `first`: its place (1 is the
     * next), the seconds until its turn at the measured rate, and the Retry-After to send. The
     * client is counted ahead of later ones until it is back (`back`) or overdue.
     * @param {HeldDoor} door
     * @param {number} [first]
     * @param {string | null} [client]
     * @returns {{ position: number; waitSeconds: number; retryAfter: number }}
     */
    refusal(door, first = now(), client = null) {
      measure();
      const ahead = waitingAhead(door, first) + awayAhead(first, client);
      // Asking again is worth it once the requests ahead are served; being served takes until the
      // frontier reaches this client (those ahead have further steps), which may be longer.
      const requestsAhead = Math.max(1, Math.ceil((ahead + inFlight) / rate));
      const waitSeconds = Math.max(requestsAhead, frontierWait(first) ?? 0);
      const retryAfter = Math.max(1, Math.round(Math.min(MAX_RETRY_AFTER_SECONDS, requestsAhead) * (0.5 + random())));
      if (client !== null && (away.size < AWAY_MAX || away.has(client)))
        away.set(client, { since: first, until: now() + retryAfter * 1_000 + AWAY_GRACE_MS });
      return { position: ahead + 1, waitSeconds, retryAfter };
    },
    /**
     * A client back (in the queue, or let in) is no longer away: it is counted where it is.
     * @param {string} client
     */
    back(client) {
      away.delete(client);
    },
  };
}

/**
 * Requests in flight a process serves at once unless ADMISSION_LIMIT says otherwise: 4 per core it
 * has (its machine's cores shared among the app processes), at least 4. More only share the same
 * cores, each taking longer, and the queue's order is lost among them: bench:opening's 2 000 pupils
 * by the pages over 24 s on 2 cores had 1 028 served more than 10 s after someone who came later
 * with 32 (64 for those inside), none with 8.
 * @param {number} appProcesses
 * @param {number} [cores]
 */
export const defaultAdmissionLimit = (appProcesses, cores = availableParallelism()) => Math.max(4, Math.round((4 * cores) / appProcesses));

/**
 * Waits, reading nothing, for a request's body to arrive: "arrived" once it has (or, where
 * `mayStream`, once the stream holds as much as it buffers: a large upload then streams on
 * inside), "tooLarge" for a body larger than the buffer where it may not stream (the server's
 * buffer holds any body the app's routes take from anyone but an organiser), "slow" if it has not
 * arrived within `waitMs` or the client went. The handler reads the body as usual.
 * @param {import("node:http").IncomingMessage} request
 * @param {number} waitMs
 * @param {{ mayStream?: boolean }} [options]
 * @returns {Promise<"arrived" | "tooLarge" | "slow">}
 */
export function bodyArrived(request, waitMs, { mayStream = false } = {}) {
  const length = request.headers["content-length"];
  const hasBody = (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
  if (!hasBody || request.complete) return Promise.resolve("arrived");
  if (!mayStream && Number(length) > request.readableHighWaterMark) return Promise.resolve("tooLarge");
  return new Promise((resolve) => {
    /** @param {"arrived" | "tooLarge" | "slow"} outcome */
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
