// @ts-check
// The front door's response to every request: Node's own ServerResponse (http.createServer's
// ServerResponse option), told two things the front door needs of the app's answer, so that no
// method of a response is patched: a queue ticket to keep beside whatever cookies the app sets,
// and a call made once, when the answer's head is written (a stream gives its admission place back
// then, not minutes later when it ends).
import { ServerResponse } from "node:http";

/** @extends {ServerResponse<import("node:http").IncomingMessage>} */
export class FrontDoorResponse extends ServerResponse {
  /** @type {string | null} */
  ticket = null;
  /** @type {(() => void) | null} */
  whenHeadWritten = null;

  /**
   * Sets the queue ticket now and keeps it beside any cookie the app sets later (Next appends its
   * cookies, or sets them all at once: both keep this one).
   * @param {string} ticket
   */
  keepTicket(ticket) {
    this.ticket = ticket;
    super.setHeader("Set-Cookie", [ticket]);
  }

  /**
   * @param {string} name
   * @param {number | string | readonly string[]} value
   */
  setHeader(name, value) {
    if (this.ticket === null || name.toLowerCase() !== "set-cookie") return super.setHeader(name, value);
    const cookies = [value].flat().map(String);
    return super.setHeader(name, [this.ticket, ...cookies.filter((cookie) => cookie !== this.ticket)]);
  }

  /**
   * Node writes an implicit head through here too (a first write without writeHead).
   * @param {number} statusCode
   * @param {any[]} rest
   */
  writeHead(statusCode, ...rest) {
    const written = this.whenHeadWritten;
    this.whenHeadWritten = null;
    written?.();
    return super.writeHead(statusCode, ...rest);
  }
}
