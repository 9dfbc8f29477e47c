// @ts-check
// What a payment provider is answered when the front door refuses its call's body before the app
// reads it (larger than any route takes): its own protocol's error, HTTP 200, as its route answers
// a body it cannot read (./payme-route.ts, ./click-route.ts), never the generic 413 a provider's
// checks would take for our failure. The bound stays the same.

/** Payme's JSON-RPC parse error, in the three languages its protocol asks for. */
export const PAYME_PARSE_ERROR = Object.freeze({
  code: -32700,
  message: Object.freeze({ uz: "JSON o'qib bo'lmadi", ru: "Ошибка разбора JSON", en: "JSON parse error" }),
});

/** Click's answer to a request without its fields (-8), as Prepare or Complete names its own id. */
const CLICK_ERROR_IN_REQUEST = { error: -8, error_note: "Error in request from click" };

/**
 * The provider's own answer (its JSON, sent with HTTP 200) to a call to `urlPath` whose body was
 * refused, or null when the path is no provider's.
 * @param {string} urlPath
 * @returns {string | null}
 */
export function providerBodyRefusal(urlPath) {
  if (urlPath === "/api/payments/payme") return JSON.stringify({ error: PAYME_PARSE_ERROR, id: null });
  const click = /^\/api\/payments\/click\/(prepare|complete)$/.exec(urlPath);
  if (click === null) return null;
  const idField = click[1] === "prepare" ? "merchant_prepare_id" : "merchant_confirm_id";
  return JSON.stringify({ click_trans_id: null, merchant_trans_id: null, [idField]: null, ...CLICK_ERROR_IN_REQUEST });
}
