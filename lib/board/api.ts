// The board calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { loadBoard } from "@/lib/board/board";
import { consoleSeason } from "@/lib/seasons/console-season";

export const boardApi = {
  "/api/admin/board": {
    // The console's season (its switcher's cookie), as the board's page showed it.
    GET: handler({ auth: "organiser" }, async () => loadBoard({ seasonId: (await consoleSeason()).seasonId })),
  },
} satisfies ApiHandlers;
