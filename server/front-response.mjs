// @ts-check
// The front door's response to every request: Node's own ServerResponse (http.createServer's
// ServerResponse option), told three things the front door needs of the app's answer, so that no
// method of a response is patched: a queue ticket to keep beside whatever cookies the app sets,
// a call made once, when the answer's head is written (a stream gives its admission place back
// then, not minutes later when it ends), and where to copy the body of a page it may keep.
import { ServerResponse } from "node:http";

/** @extends {ServerResponse<import("node:http").IncomingMessage>} */
export class FrontDoorResponse extends ServerResponse {
  /** @type {string | null} */
  ticket = null;
  /** @type {(() => void) | null} */
  whenHeadWritten = null;
  /** Given each chunk of the body as it is written (server/kept-door.mjs copies a page this way). @type {((chunk: Buffer) => void) | null} */
  copyInto = null;

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
   * @param {any} chunk
   * @param {any[]} rest
   */
  write(chunk, ...rest) {
    this.copy(chunk, rest[0]);
    return super.write(chunk, ...rest);
  }

  /**
   * @param {any[]} args
   */
  end(...args) {
    if (args[0] !== undefined && typeof args[0] !== "function") this.copy(args[0], args[1]);
    return super.end(...args);
  }

  /**
   * @param {any} chunk
   * @param {any} encoding
   */
  copy(chunk, encoding) {
    if (this.copyInto === null || chunk === undefined || chunk === null) return;
    this.copyInto(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8")
        : Buffer.from(chunk),
    );
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
