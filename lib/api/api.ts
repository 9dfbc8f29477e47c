// The answer to every other path under /api: the contract's JSON 404, not the HTML page. Its route
// file (app/api/[...unknown]) re-exports it; the routes table (lib/api/routes.mjs) declares it.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { notServed } from "@/lib/api/handler";

const answer = notServed("public");

export const fallbackApi = {
  // Any other path under /api answers the contract's JSON 404, not the HTML page.
  "/api/[...unknown]": {
    GET: answer,
    POST: answer,
    PUT: answer,
    PATCH: answer,
    DELETE: answer,
  },
} satisfies ApiHandlers;
