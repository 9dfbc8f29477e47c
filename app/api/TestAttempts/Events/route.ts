import { handler } from "@/lib/api/handler";
import { changesStream } from "@/lib/live/stream";

export const dynamic = "force-dynamic";

export const GET = handler({ auth: "pupilToken" }, ({ claims, request }) => changesStream(claims, request.signal));
