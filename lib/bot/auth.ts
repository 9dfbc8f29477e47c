// The chat-bot's calls carry `Authorization: Bearer BOT_API_TOKEN`; anything else is a 401.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { unauthorized } from "@/lib/identity/session";

export function requireBot(request: Request): void {
  const expected = Buffer.from(`Bearer ${config().botApiToken}`);
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
}
