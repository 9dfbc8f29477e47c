// @ts-check
// The entrance: how a request that must queue is let in (server/admission.mjs holds the queue and
// its doors). A session's door and key are read from its cookie (server/session-key.mjs); a
// request holds a place only once its body is here; the client's queue ticket keeps the time it
// first came for its next steps; and a request that would wait too long gets a fast 503 with its
// place and a Retry-After.
import { fixedRoute } from "../lib/api/routes.mjs";
import { providerBodyRefusal } from "../lib/payments/provider-refusal.mjs";
import { UserRole } from "../shared/identity/roles.mjs";
import { doorOf } from "./admission.mjs";
import { bodyArrived } from "./body-wait.mjs";
import { BUSY, busyPage, CALM_PAGE_POLICY, localeOf } from "./busy-page.mjs";
import { ticketCookie, ticketLender, ticketSince } from "./queue-ticket.mjs";
import { admissionKey, genuineSessions } from "./session-key.mjs";

/** @typedef {ReturnType<typeof import("./admission.mjs").createAdmission>} Admission */
/** @typedef {import("./admission.mjs").HeldDoor} HeldDoor */
/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */
/** @typedef {import("./front-response.mjs").FrontDoorResponse} FrontDoorResponse */
/** @typedef {import("../shared/i18n/locale.mjs").Locale} Locale */

/** Requests of one client at once that its queue ticket's time serves (a page and its calls). */
const TICKET_PARALLEL = 4;

/**
 * The entrance of one admission.
 * @param {{
 *   admission: Admission;
 *   admissionLimit: number;
 *   ticketSecret: string;
 *   authSecret: string;
 *   secureCookies: boolean;
 *   bodyWaitMs: number;
 *   figures: import("../lib/metrics.mjs").Metrics;
 *   clientOf: (request: IncomingMessage) => string;
 *   serveRequest: (request: IncomingMessage, response: ServerResponse) => void;
 * }} options bodyWaitMs: how long a request's body may take to arrive before it is let in (a phone on
 *   3G sends a few kilobytes well within it)
 */
export function entrance({
  admission,
  admissionLimit,
  ticketSecret,
  authSecret,
  secureCookies,
  bodyWaitMs,
  figures,
  clientOf,
  serveRequest,
}) {
  // A ticket's time serves a page and its calls, not a script's hundreds at once.
  const tickets = ticketLender(TICKET_PARALLEL);
  // A session counts for the inside door only if its token decodes (our signature, not expired).
  const sessionOf = genuineSessions(authSecret);

  /**
   * The queue ticket, as a Set-Cookie value: the time the client first came, given now.
   * @param {number} since
   * @param {string} client
   */
  const ticketFor = (since, client) => `${ticketCookie(since, ticketSecret, client, Date.now())}${secureCookies ? "; Secure" : ""}`;

  /**
   * A fast 503 with the client's place and a Retry-After: a calm page for a page, JSON for a call.
   * @param {ServerResponse} response
   * @param {string} urlPath
   * @param {HeldDoor} door
   * @param {number} since
   * @param {string} client
   * @param {Locale} locale
   */
  function refuse(response, urlPath, door, since, client, locale) {
    if (response.destroyed) return;
    const refused = admission.refusal(door, since, client);
    figures.admissionRefused.inc();
    const page = !urlPath.startsWith("/api/");
    response.writeHead(503, {
      "Content-Type": page ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "Retry-After": String(refused.retryAfter),
      "Set-Cookie": ticketFor(since, client),
      "Cache-Control": "no-store",
      "Content-Security-Policy": CALM_PAGE_POLICY,
      "X-Content-Type-Options": "nosniff",
    });
    const { position, waitSeconds } = refused;
    response.end(
      page
        ? busyPage(refused, locale)
        : JSON.stringify({ code: null, message: BUSY[locale].title, validationErrors: {}, busy: true, position, waitSeconds }),
    );
  }

  /**
   * A body that did not arrive in time (408) or is larger than any of the routes open to the
   * caller takes (413): answered before admission, and the connection is closed. A payment
   * provider's body too large is answered in its own protocol (HTTP 200), as its route would.
   * @param {ServerResponse} response
   * @param {"tooLarge" | "slow"} outcome
   * @param {Locale} locale
   * @param {string} urlPath
   */
  function bodyRefused(response, outcome, locale, urlPath) {
    if (response.destroyed) return;
    const providers = outcome === "tooLarge" ? providerBodyRefusal(urlPath) : null;
    if (providers !== null) {
      response.writeHead(200, { "Content-Type": "application/json; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
      return void response.end(providers);
    }
    const busy = BUSY[locale];
    const [status, message] = outcome === "tooLarge" ? [413, busy.tooLarge] : [408, busy.tooSlow];
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
    response.end(JSON.stringify({ code: null, message, validationErrors: {} }));
  }

  /**
   * Lets a request in through its door, queues it, or refuses it.
   * @param {IncomingMessage} request
   * @param {FrontDoorResponse} response
   * @param {string} urlPath
   */
  return async function admit(request, response, urlPath) {
    // The client may hang up at any await below: a place taken for it must be given back, once.
    let gone = false;
    /** @type {{ key: string } | null} */
    let holding = null;
    const release = () => {
      if (holding) admission.leave(holding);
      holding = null;
    };
    response.once("close", () => {
      gone = true;
      release();
    });
    // A stream (an attempt page listening for the organiser's acts) stays open for minutes: it
    // holds its place only until its answer starts, like any other request.
    const route = fixedRoute(urlPath);
    if (route?.stream) response.whenHeadWritten = release;
    const session = await sessionOf(request.headers.cookie);
    const door = doorOf(urlPath, session !== null);
    if (door === "free") return serveRequest(request, response);
    // A request holds a place only once its body is here: 64 connections that send headers and
    // then wait must not fill the room that pupils' requests need. Only an organiser's upload (a
    // spreadsheet, a picture) is let in as it streams; anyone else's body arrives whole first.
    const body = await bodyArrived(request, bodyWaitMs, { mayStream: session?.role === UserRole.Admin });
    if (body !== "arrived") return bodyRefused(response, body, localeOf(request), urlPath);
    if (gone) return;
    const client = clientOf(request);
    const ticket = ticketSince(request.headers.cookie, ticketSecret, client);
    const loan = ticket !== null ? tickets.lend(client) : null;
    if (loan) response.once("close", loan);
    // (A loan implies a ticket: said again for the type checker.)
    const since = loan && ticket !== null ? ticket : Date.now();
    admission.back(client);
    // What a pupil already in asks is not a step on the way to the first question (the queue's
    // arrival frontier leaves it out).
    const step = !route?.answering;
    const key = admissionKey(door, client, session);
    const admitted = await admission.enter(door, since, (drop) => response.once("close", drop), { step, key });
    if (!admitted) return refuse(response, urlPath, door, ticket ?? since, client, localeOf(request));
    if (gone) return admission.leave({ key });
    holding = { key };
    admission.back(client);
    // The client's place holds for its next steps too: its ticket is renewed, or given, with the
    // time it first came, once the server is busy (more in flight than the entrance's room) and not
    // only once others wait: a pupil let in at once as the crowd builds keeps that time for New and
    // Get, instead of queueing behind those who came after it. Not while it is calm: the cookie
    // would be written on every answer for nothing.
    if (ticket !== null || admission.waiting > 0 || admission.inFlight > admissionLimit)
      response.keepTicket(ticketFor(ticket ?? since, client));
    serveRequest(request, response);
  };
}
