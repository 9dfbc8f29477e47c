// @ts-check
// The queue's ticket (server/admission.mjs keeps the queue): a refused client keeps its place with
// a signed cookie holding the time it first came, renewed while it keeps coming back, bound to
// the client it was given to (its address), and lent to a page and its calls, not to a script's
// hundreds at once.
import { createHmac, timingSafeEqual } from "node:crypto";

const TICKET = "olimpiada-queue";
const TICKET_COOKIE = new RegExp(`(?:^|;\\s*)${TICKET}=(\\d+)\\.(\\d+)\\.([\\w-]+)`);
/**
 * A ticket lapses this long after it was last given: the client stopped trying, or went on to
 * something else (a pupil who signed in a minute ago and now presses start has come anew). Longer
 * than a refused client's longest wait before it asks again (admission.mjs's MAX_RETRY_AFTER_SECONDS, +50 %).
 */
const TICKET_IDLE_SECONDS = 20;
/** No wait lasts this long: a ticket kept alive by a script is worth nothing after it. */
const TICKET_MAX_SECONDS = 30 * 60;

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
