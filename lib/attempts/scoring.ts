// How a drawn question earns its points: the one definition that Finish, the sweep, recompute and
// regrade all use, so a stored score can always be derived again from the answers and the key.
import "server-only";
import { sql } from "drizzle-orm";
import { questionChoices, questions } from "@/db/schema";
import { VoidAwards } from "./enums";

/**
 * 1 when an attempt's question earns its points, else 0: a voided question as the regrade decided
 * (everyone or nobody), otherwise the answer's choice being the correct one. Read over
 * attempt_questions joined to questions and, left, to the answered question_choices row.
 */
export const earnsPoints = sql<number>`case when ${questions.voidAwards} = ${VoidAwards.All} then 1 when ${questions.voidAwards} = ${VoidAwards.None} then 0 when ${questionChoices.isCorrect} then 1 else 0 end`;
