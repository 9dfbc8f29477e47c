import { handler } from "@/lib/api/handler";
import { loadBoard } from "@/lib/board/board";

export const GET = handler({ auth: "organiser" }, () => loadBoard());
