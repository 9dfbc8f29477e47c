// What the organiser decides about a pair the answer-copying screening listed, as the evidence
// sheet's form gives it (checked in the browser, and by the route handler).
import { z } from "zod";
import { saidToOrganiser } from "@/shared/i18n/said";
import { entityId } from "@/shared/validation/fields";
import { reason } from "@/shared/validation/reason";

/** No action, or void one attempt of the pair (A: the lower id) or both. */
export const DECISIONS = ["none", "voidA", "voidB", "voidBoth"] as const;
export type Decision = (typeof DECISIONS)[number];

export const decisionSchema = z.object({
  attemptA: entityId,
  attemptB: entityId,
  decision: z.enum(DECISIONS, saidToOrganiser.screeningDecision),
  reason,
});
export type DecisionInput = z.output<typeof decisionSchema>;
