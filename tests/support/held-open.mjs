// @ts-check
// Raw connections that send a request's head and part of its body, and no more: how the admission
// queue's tests and its bench (bench/admission.mjs) hold places open without sending a whole body.
import { connect } from "node:net";

/**
 * Opens `count` raw connections to 127.0.0.1:`port` that each send `head` and `partial` of a body,
 * and no more; `sent` settles once every one of them has handed all it sends to the network.
 * @param {number} port
 * @param {number} count
 * @param {string} head
 * @param {string} partial
 */
export function heldOpen(port, count, head, partial) {
  /** @type {import("node:net").Socket[]} */
  const sockets = [];
  /** @type {string[]} */
  const answers = [];
  /** @type {Promise<void>[]} */
  const sent = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, "127.0.0.1");
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => answers.push(String(chunk)));
    socket.on("error", () => {});
    sent.push(new Promise((resolve) => socket.write(head + partial, () => resolve())));
    sockets.push(socket);
  }
  return {
    answers,
    sent: Promise.all(sent),
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
