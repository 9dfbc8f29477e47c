// A question of the bank as the organiser edits it; its parts (HTML text, choices with one key, a
// study language) are the import's too (lib/questions/schema.ts). The edit form checks it in the
// browser, the route handler again.
import { z } from "zod";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";
import { said, saidToOrganiser } from "@/shared/i18n/said";
import { reason } from "@/shared/validation/reason";

const v = said;
const o = saidToOrganiser;

export const html = z.string(v.required).trim().min(1, v.required).max(20_000, v.invalid);

export const choicesSchema = z
  .array(z.object({ text: html, correct: z.boolean() }))
  .min(2, o.choices)
  .max(8, o.choices)
  .refine((choices) => choices.filter((c) => c.correct).length === 1, { error: o.oneCorrect.error, params: { code: "Invalid" } });

/** A study language (0 Uzbek, 1 Russian, 2 Karakalpak): the language of a bank's texts. */
export const studyLanguage = z.literal([0, 1, 2], v.invalid);

/**
 * A question of the bank as the organiser edits it, in one of its languages (default: its first);
 * its reading text stays as it is, and its other languages keep their texts.
 */
export const questionEditSchema = z.object({
  difficulty: z.enum(DIFFICULTY_NAMES),
  language: studyLanguage.optional(),
  text: html,
  choices: choicesSchema,
  reason,
});
export type QuestionEdit = z.output<typeof questionEditSchema>;
