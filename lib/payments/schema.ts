// What the sandbox checkout posts (the card's, Payme's or Click's, PAYMENTS_SANDBOX only).
import "server-only";
import { z } from "zod";
import { uuid } from "@/shared/validation/fields";

export const sandboxConfirmSchema = z.object({
  guid: uuid,
  amountSom: z.number().int().positive(),
  /** Which provider the sandbox plays: the card's own confirmation, or Payme's or Click's calls. */
  provider: z.enum(["card", "payme", "click"]).default("card"),
});
