// Payme Merchant API (JSON-RPC 2.0): authenticated inside the protocol, always HTTP 200.
import { handler } from "@/lib/api/handler";
import { paymeCall, paymeNotPost } from "@/lib/payments/payme-route";

export const POST = handler({ auth: "public", crossOrigin: true, rawBody: true }, ({ rawBody, request }) =>
  paymeCall({ text: rawBody, authorization: request.headers.get("authorization") }),
);

const notPost = handler({ auth: "public", crossOrigin: true }, paymeNotPost);

export { notPost as GET, notPost as PUT, notPost as PATCH, notPost as DELETE };
