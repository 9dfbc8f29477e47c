// The settings' own field types, shared by the concerns' schemas.
import "server-only";
import { z } from "zod";
import { isoDateOf } from "@/shared/time";

export const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** A day, "2026-05-12" (or "12.05.2026"), as "2026-05-12". */
export const day = z.string().transform((text, context) => {
  const iso = isoDateOf(text.trim());
  if (iso === null) context.addIssue({ code: "custom", message: "not a day" });
  return iso ?? z.NEVER;
});
