// @ts-check
// The entrance's wait for a request's body (server/entrance.mjs): a request holds a place in the
// admission only once its body is here, so connections that send headers and then wait cannot
// fill the room that pupils' requests need (docs/opening.md, "Bodies first").

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
