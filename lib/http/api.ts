// The http calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { notServed } from "@/lib/api/handler";

const answer = notServed("public");

export const httpApi = {
  // Any other path under /api answers the contract's JSON 404, not the HTML page.
  "/api/[...unknown]": {
    GET: answer,
    POST: answer,
    PUT: answer,
    PATCH: answer,
    DELETE: answer,
  },
} satisfies ApiHandlers;
