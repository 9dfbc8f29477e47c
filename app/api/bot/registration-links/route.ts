// The chat-bot asks for a new registration link for a parent.
import { randomUUID } from "node:crypto";
import { requireBot } from "@/lib/bot/auth";
import { config } from "@/lib/config";
import { handler } from "@/lib/http/handler";

export const POST = handler({ crossOrigin: true }, async ({ request }) => {
  requireBot(request);
  const guid = randomUUID();
  return { guid, url: `${config().publicUrl}/register/${guid}` };
});
