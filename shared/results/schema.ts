// A regrade as the results page's form gives it (checked in the browser, and by the route handler).
import { z } from "zod";
import { VoidAwards } from "@/shared/attempts/enums";
import { saidToOrganiser } from "@/shared/i18n/said";
import { entityId } from "@/shared/validation/fields";
import { reasonToApply } from "@/shared/validation/reason";

const o = saidToOrganiser;

/**
 * What a regrade does to a question: a new key, another choice correct too, or void. An appeal's
 * decision of one of these outcomes is such a regrade (regrades); any other changes no score.
 */
export const REGRADE_ACTIONS = ["key", "also", "void"] as const;
export type RegradeAction = (typeof REGRADE_ACTIONS)[number];
export const regrades = (outcome: string): outcome is RegradeAction => (REGRADE_ACTIONS as readonly string[]).includes(outcome);

/**
 * A regrade: fix the key of a question (the right choice), accept another choice as correct too,
 * or void it, its points then given to everyone who drew it or to nobody. A dry run unless dryRun
 * is false.
 */
export const regradeSchema = z
  .object({
    questionId: entityId,
    action: z.enum(REGRADE_ACTIONS, o.regradeAction),
    correctChoiceId: z.optional(entityId),
    voidAwards: z.enum([VoidAwards.All, VoidAwards.None], o.voidAwards).optional(),
    dryRun: z.boolean().default(true),
    /** The dry run's oldKeyHash: applying is refused (4011) if the key has changed since. */
    expectedKeyHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    reason: reasonToApply,
  })
  .superRefine((value, ctx) => {
    if (value.action !== "void" && value.correctChoiceId === undefined)
      ctx.addIssue({ code: "custom", path: ["correctChoiceId"], message: o.correctChoice.error(), params: { code: "Required" } });
    if (value.action === "void" && value.voidAwards === undefined)
      ctx.addIssue({ code: "custom", path: ["voidAwards"], message: o.voidAwards.error(), params: { code: "Required" } });
    if (!value.dryRun && value.reason === undefined)
      ctx.addIssue({ code: "custom", path: ["reason"], message: o.reason.error(), params: { code: "Required" } });
  });
export type RegradeInput = z.output<typeof regradeSchema>;
