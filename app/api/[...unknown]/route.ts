// Any other path under /api answers the contract's JSON 404, not the HTML page.
import { notServed } from "@/lib/api/handler";

const answer = notServed("public");

export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
