// The demo's fiscal receipts: `npm run demo` runs with fiscal settings of its own (marked demo) so
// that receipts are registered and the family's page and the console show them, and Click's
// receipts go to this local stand-in of Click's submit_items on loopback, never to Click. Payme
// registers its receipts itself (its SetFiscalData reports them): the demo's Payme family has one.
// Settings the operator gives (FISCAL_* in the environment) are theirs: then nothing of this.
import { createServer } from "node:http";

/** The demo's fiscal data: well-formed (lib/config checks them), plainly not an organiser's. */
const DEMO_FISCAL = {
  FISCAL_ITEM_TITLE: "Olimpiadada ishtirok etish (demo)",
  FISCAL_MXIK_CODE: "00000000000000000",
  FISCAL_PACKAGE_CODE: "1",
  FISCAL_VAT_PERCENT: "0",
  FISCAL_TIN: "000000000",
  CLICK_MERCHANT_USER_ID: "1",
};

/** The most of a submission the stand-in reads (a real one is under a kilobyte). */
const MAX_BODY = 64 * 1024;

/** Click's answer to a submission: accepted when it names a payment and its items, as Click's does. */
function answer(text) {
  try {
    const body = JSON.parse(text);
    if (Number.isSafeInteger(body.payment_id) && Array.isArray(body.items) && body.items.length > 0)
      return { error_code: 0, error_note: "Success" };
  } catch {
    // not JSON: refused below
  }
  return { error_code: -8, error_note: "Error in request from click" };
}

/** Starts the stand-in on loopback; the settings the demo's server runs with (none when the operator set FISCAL_*). */
export async function demoReceipts(env) {
  if (env.FISCAL_ITEM_TITLE !== undefined) return {};
  const server = createServer((request, response) => {
    if (request.method !== "POST" || !request.url?.endsWith("/payment/ofd_data/submit_items")) {
      response.writeHead(404).end();
      return;
    }
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      text += chunk;
      if (text.length > MAX_BODY) request.destroy();
    });
    request.on("end", () => {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify(answer(text)));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { ...DEMO_FISCAL, CLICK_API_URL: `http://127.0.0.1:${port}/v2/merchant` };
}
