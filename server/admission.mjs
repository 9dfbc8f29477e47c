// @ts-check
// Admission control for the front door (server/main.mjs): past its capacity the server keeps a
// short queue in arrival order, those inside (a genuine session) before the entrance, each door
// fair by its key (server/session-key.mjs), and answers a fast 503 with Retry-After to whoever
// would wait longer. The rules and their measurements: docs/opening.md (admission control).

import { availableParallelism } from "node:os";
import { fixedRoute } from "../lib/api/routes.mjs";
import { arrivalPace } from "./arrival-pace.mjs";

/**
 * The door a request comes through: "free" (never held), "inside" or "entry".
 * @typedef {"free" | "inside" | "entry"} Door
 */
/**
 * The doors that hold a place.
 * @typedef {Exclude<Door, "free">} HeldDoor
 */

/** A refused client not back this long after its Retry-After no longer counts ahead of others. */
const AWAY_GRACE_MS = 15_000;
/** Refused clients remembered at most (per process): past it a refused client's place is told a little short. */
const AWAY_MAX = 10_000;
// Longer waits were measured to leave the server idle while refused clients sleep (bench:opening
// at P=0: a cap of 30 s gave p99 99 s); a returning client's ticket keeps its place anyway.
// And a client away longer than the queue moves lets those who came after it in first: 5 s (7.5 s
// at most with the spread) keeps a returning client within 10 s of its place (bench:opening's order line).
const MAX_RETRY_AFTER_SECONDS = 5;

/**
 * Which door a request comes through: "free" (never held), "inside" or "entry".
 * @param {string} path
 * @param {boolean} hasGenuineSession
 * @returns {Door}
 */
export function doorOf(path, hasGenuineSession) {
  // The build's files (immutable, fetched once per device; the front door answers a miss itself) never
  // queue, nor does what the routes table sets free (the health check).
  if (path.startsWith("/_next/static/") || path === "/favicon.ico") return "free";
  const door = fixedRoute(path)?.door;
  if (door) return door;
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
 * clients do not come back together. `perSession`: the places one key holds inside while others wait.
 * @param {{ limit: number; queueMs?: number; perSession?: number; now?: () => number; random?: () => number }} options
 */
export function createAdmission({
  limit,
  queueMs = 5_000,
  perSession = Math.max(1, Math.floor(limit / 2)),
  now = Date.now,
  random = Math.random,
}) {
  let inFlight = 0;
  /** @typedef {{ resolve: (admitted: boolean) => void; since: number; step: boolean; key: string | null; timer: NodeJS.Timeout | undefined }} Waiter */
  /** @type {Record<HeldDoor, Waiter[]>} */
  const queues = { inside: [], entry: [] };
  const room = { inside: limit * 2, entry: limit };
  // Clients refused and due back (client → the time they first came, and until when they count):
  // they keep their place in the count a refused client is told, not in the room while away.
  /** @type {Map<string, { since: number; until: number }>} */
  const away = new Map();
  const pace = arrivalPace({ limit, now });

  // Places held, by key: an address's at the entrance, a session's inside (docs/opening.md).
  /** @type {Map<string, number>} */
  const held = new Map();
  /** @param {string | null} key */
  const heldBy = (key) => (key === null ? 0 : (held.get(key) ?? 0));
  /** @param {string | null} key a key inside that holds less than its share (or none: no key) */
  const withinShare = (key) => heldBy(key) < perSession;
  const waitingCount = () => queues.inside.length + queues.entry.length;
  // Past its share, a session goes on only if the entrance keeps room for one more beside it.
  const roomPastShare = () => inFlight + 1 < room.entry;

  /**
   * Takes a place: the count in flight and its key's.
   * @param {string | null} key
   */
  function take(key) {
    inFlight++;
    if (key !== null) held.set(key, heldBy(key) + 1);
  }

  /**
   * Lets in the waiter at `at` of `door`'s queue.
   * @param {HeldDoor} door
   * @param {number} at
   */
  function letWaiterIn(door, at) {
    const [waiter] = queues[door].splice(at, 1);
    clearTimeout(waiter.timer);
    take(waiter.key);
    if (waiter.step) pace.noteLetIn(waiter.since);
    waiter.resolve(true);
  }

  /**
   * The next waiter inside: the first to come whose session holds less than its share; one past
   * it only when nobody waits at the entrance, and room is left there. -1: none may go.
   * @returns {number}
   */
  function nextInside() {
    const at = queues.inside.findIndex((waiter) => withinShare(waiter.key));
    return at < 0 && queues.entry.length === 0 && queues.inside.length > 0 && roomPastShare() ? 0 : at;
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
      const holds = heldBy(queue[at].key);
      if (holds < heldBy(queue[best].key)) best = at;
      if (holds === 0) break;
    }
    return best;
  }

  function drainInside() {
    for (let at = nextInside(); at >= 0 && inFlight < room.inside; at = nextInside()) letWaiterIn("inside", at);
  }

  function drain() {
    drainInside();
    while (queues.entry.length > 0 && inFlight < room.entry) letWaiterIn("entry", nextAtEntry());
    // The entrance emptied: a session past its share may have what room is left beside it.
    drainInside();
  }

  /**
   * Those waiting here who go before a request of `door` (of `key`) that first came at `first`:
   * inside, the earlier ones whose session is within its share, and its own session's; at the
   * entrance, every one inside within its share, and the earlier ones at the entrance.
   * @param {HeldDoor} door
   * @param {number} first
   * @param {string | null} [key]
   */
  function waitingAhead(door, first, key = null) {
    if (door === "inside")
      return queues.inside.filter((waiter) => (waiter.since <= first && withinShare(waiter.key)) || (key !== null && waiter.key === key))
        .length;
    const insideFirst = queues.inside.filter((waiter) => withinShare(waiter.key)).length;
    return insideFirst + queues.entry.filter((waiter) => waiter.since <= first).length;
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
      return Math.round(pace.rate * 10) / 10;
    },
    /**
     * For a request of the "inside" or "entry" door: resolves true when it may go on (call
     * `leave()` when it ends), false when it is to be refused. `gone` registers a callback for a
     * client that hangs up while it waits. `step`: a step on the way to the first question (not an
     * answer of a pupil already in), which the arrival frontier follows. `key`: who it is
     * (server/session-key.mjs), by which each door is fair (give it to `leave` too).
     * @param {HeldDoor} door
     * @param {number} [since]
     * @param {(drop: () => void) => void} [gone]
     * @param {{ step?: boolean; key?: string | null }} [options]
     * @returns {Promise<boolean>}
     */
    enter(door, since = now(), gone, { step = true, key = null } = {}) {
      const queue = queues[door];
      // Those inside go before the entrance; within a door, in the order they first came.
      let at = queue.length;
      while (at > 0 && queue[at - 1].since > since) at--;
      const ahead = waitingAhead(door, since, key);
      // A session past its share inside goes on at once only while nobody waits, and room is left at the entrance.
      const mayGo = door === "entry" || withinShare(key) || (waitingCount() === 0 && roomPastShare());
      if (ahead === 0 && inFlight < room[door] && mayGo) {
        take(key);
        if (step) pace.noteLetIn(since);
        return Promise.resolve(true);
      }
      // A place further back than the server drains in `queueMs` is refused at once: waiting would
      // not help. The client keeps its place with its ticket and comes back.
      pace.measure();
      if (ahead >= (pace.rate * queueMs) / 1_000 + limit) return Promise.resolve(false);
      return new Promise((resolve) => {
        /** @type {Waiter} */
        const waiter = { resolve, since, step, key, timer: undefined };
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
     * A request let in has ended: its place is free, and goes first to a waiter of another key
     * (its own key still counts it while the queue drains once).
     * @param {{ key?: string | null }} [left] its key, as it entered
     */
    leave({ key = null } = {}) {
      inFlight--;
      pace.served();
      drain();
      if (key !== null) {
        const left = heldBy(key) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      }
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
      pace.measure();
      const ahead = waitingAhead(door, first) + awayAhead(first, client);
      // Asking again is worth it once the requests ahead are served; being served takes until the
      // frontier reaches this client (those ahead have further steps), which may be longer.
      const requestsAhead = Math.max(1, Math.ceil((ahead + inFlight) / pace.rate));
      const waitSeconds = Math.max(requestsAhead, pace.frontierWait(first) ?? 0);
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
