// The chat-bot's requests: a new registration link in the parent's language, a registration by its guid.
import "server-only";
import { z } from "zod";
import { LOCALES } from "@/shared/i18n/locale.mjs";
import { uuid } from "@/shared/validation/fields";

export const registrationLinkQuery = z.object({ lang: z.optional(z.enum(LOCALES as ["uz", "uz-Cyrl", "ru"])) });

export const registrationParams = z.object({ guid: uuid });
