import { handler } from "@/lib/http/handler";
import { loadBoard } from "@/lib/organiser/board";

export const GET = handler({ auth: "organiser" }, () => loadBoard());
