import { handler } from "@/lib/api/handler";
import { loadBoard } from "@/lib/organiser/board";

export const GET = handler({ auth: "organiser" }, () => loadBoard());
