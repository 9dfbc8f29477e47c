// The chat-bot asks for a new registration link for a parent.
import { randomUUID } from "node:crypto";
import { handler } from "@/lib/api/handler";
import { config } from "@/lib/config";

export const POST = handler({ auth: "bot" }, () => {
  const guid = randomUUID();
  return { guid, url: `${config().publicUrl}/register/${guid}` };
});
