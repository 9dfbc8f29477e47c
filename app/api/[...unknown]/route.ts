// Any other path under /api answers the contract's JSON 404, not the HTML page.
import { notFound } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/handler";

const answer = async () => errorResponse(notFound());
export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
