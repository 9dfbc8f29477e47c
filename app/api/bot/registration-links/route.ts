// The chat-bot asks for a new registration link for a parent; `?lang=uz|uz-Cyrl|ru` (the
// language the parent chose in the chat) opens the registration page in it.
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { handler } from "@/lib/api/handler";
import { config } from "@/lib/config";
import { LOCALES } from "@/shared/i18n/locale.mjs";

const linkQuery = z.object({ lang: z.optional(z.enum(LOCALES as ["uz", "uz-Cyrl", "ru"])) });

export const POST = handler({ auth: "bot", query: linkQuery }, ({ query }) => {
  const guid = randomUUID();
  const url = `${config().publicUrl}/register/${guid}`;
  return { guid, url: query.lang ? `${url}?lang=${query.lang}` : url };
});
