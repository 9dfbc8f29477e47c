// The family's answer to the camp's invitation: through the registration link (its guid is the
// family's secret, in the path) or the chat-bot.
import { z } from "zod";
import { INVITATION_ANSWERS, type InvitationState } from "./enums";

export const invitationAnswerSchema = z.object({ answer: z.enum(INVITATION_ANSWERS) });

/** What the family's page and the chat-bot read of the pupil's invitation, or their place among the reserves. */
export type InvitationView =
  | {
      kind: "invited";
      state: InvitationState;
      fromReserve: boolean;
      invitedAt: string;
      deadlineAt: string;
      answeredAt: string | null;
      camp: { starts: string | null; ends: string | null; place: string | null };
    }
  | { kind: "reserve"; position: number };
