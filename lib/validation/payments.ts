// What the sandbox card checkout posts.
import { z } from "zod";
import { uuid } from "./fields";

export const sandboxConfirmSchema = z.object({
  guid: uuid,
  amountSom: z.number().int().positive(),
});
