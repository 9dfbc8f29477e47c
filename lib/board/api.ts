// The board calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { loadBoard } from "@/lib/board/board";

export const boardApi = {
  "/api/admin/board": {
    GET: handler({ auth: "organiser" }, () => loadBoard()),
  },
} satisfies ApiHandlers;
