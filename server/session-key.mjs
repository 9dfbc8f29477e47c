// @ts-check
// Who a request is, for the front door's queue (server/admission.mjs). A genuine session (its
// token decodes with our secret, cheaply, before the door is chosen) is known by its account:
// one pupil's loops on any number of connections, with one token or every token it was given,
// signed in or signed out since, are one key inside, which holds no more than its share of the
// room. Anything else, and every sign-in, is known by its address at the entrance (a school or
// a carrier puts thousands behind one, so there the address only orders, never caps).
import { LRUCache } from "lru-cache";
import { decode } from "next-auth/jwt";
import { SESSION_COOKIE } from "../lib/http/session-cookie.mjs";

/**
 * A genuine session as the front door reads it: its role and its account (the token's subject).
 * @typedef {{ role: number; account: string }} GenuineSession
 */

const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE.replaceAll(".", "\\.")}=([^;]+)`);

/**
 * A Cookie header's session if its token is genuine (ours: it decrypts with `secret`, and not
 * expired), else null. Genuine tokens are remembered until they expire; anything else is decoded
 * again (a failed decode is cheap, and remembering what anyone sends would fill memory). Whether
 * a session still holds (signed out, blocked) is the app's to ask of the database: here it only
 * chooses the door and the key, and whether a large upload may stream in.
 * @param {string} secret
 * @returns {(cookieHeader: string | undefined) => Promise<GenuineSession | null>}
 */
export function genuineSessions(secret) {
  /** @type {LRUCache<string, GenuineSession>} */
  const known = new LRUCache({ max: 20_000 });
  return async (cookieHeader) => {
    const token = (cookieHeader && SESSION_COOKIE_VALUE.exec(cookieHeader)?.[1]) || null;
    if (!token) return null;
    const remembered = known.get(token);
    if (remembered !== undefined) return remembered;
    const claims = await decode({ token, secret }).catch(() => null);
    const expiresInMs = Number(claims?.exp) * 1000 - Date.now();
    if (!claims?.sub || typeof claims.role !== "number" || !(expiresInMs > 0)) return null;
    const session = { role: claims.role, account: claims.sub };
    known.set(token, session, { ttl: expiresInMs });
    return session;
  };
}

/**
 * The key by which the queue is fair to a request of `door` from `address`: inside, its
 * session's account; at the entrance (a sign-in, anything without a genuine session), its address.
 * @param {import("./admission.mjs").HeldDoor} door
 * @param {string} address
 * @param {GenuineSession | null} session
 * @returns {string}
 */
export const admissionKey = (door, address, session) =>
  door === "inside" && session !== null ? `session:${session.account}` : `address:${address}`;
