// Schemas of the question bank's requests that only the server reads: an import (JSON, or a file's
// rows read into it), and the bank's search. The edit of one question: shared/questions/schema.ts.
import "server-only";
import { z } from "zod";
import { page, search } from "@/lib/validation/queries";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";
import { saidToOrganiser } from "@/shared/i18n/said";
import { choicesSchema, html, studyLanguage } from "@/shared/questions/schema";
import { entityId, queryId, queryYesNo } from "@/shared/validation/fields";
import { reason, reasonToApply } from "@/shared/validation/reason";

export const questionImportSchema = z
  .object({
    subjectId: entityId,
    /** The language of the file's texts (the spec's Uzbek = 0 when absent). */
    language: studyLanguage.default(0),
    readingTexts: z
      .array(
        z.object({
          key: z.string().trim().min(1).max(100),
          text: html,
          /** The same passage in other languages. */
          also: z
            .array(z.object({ language: studyLanguage, text: html }))
            .max(2)
            .default([]),
        }),
      )
      .max(500)
      .default([]),
    questions: z
      .array(
        z.object({
          /** A question already in the bank: this item gives it the file's language (its choices in the bank's order). */
          questionId: z.optional(entityId),
          difficulty: z.enum(DIFFICULTY_NAMES),
          text: html,
          readingText: z.string().trim().min(1).max(100).optional(),
          choices: choicesSchema,
          /** The same question in other languages: its text and its choices in the same order. */
          also: z
            .array(z.object({ language: studyLanguage, text: html, choices: z.array(html).min(2).max(8) }))
            .max(2)
            .default([]),
        }),
      )
      .min(1)
      .max(5000),
    /** The file's questions already in the bank are left out, unless the organiser asks for them again. */
    importDuplicates: z.boolean().default(false),
    reason: reasonToApply,
  })
  .superRefine(
    (bank, ctx) => {
      // Runs even when other items are bad (see `when`), so every error is reported at once:
      // the data may then be partly malformed, hence the defensive reads.
      const texts = Array.isArray(bank.readingTexts) ? bank.readingTexts : [];
      const items = Array.isArray(bank.questions) ? bank.questions : [];
      const keys = new Set<string>();
      texts.forEach((r, i) => {
        if (keys.has(r?.key)) ctx.addIssue({ code: "custom", path: ["readingTexts", i, "key"], params: { code: "Invalid" } });
        keys.add(r?.key);
      });
      items.forEach((q, i) => {
        if (typeof q?.readingText === "string" && !keys.has(q.readingText.trim())) {
          ctx.addIssue({ code: "custom", path: ["questions", i, "readingText"], params: { code: "Invalid" } });
        }
        // Each language once, and each translation with as many choices as the question.
        const languages = new Set([bank.language ?? 0]);
        (Array.isArray(q?.also) ? q.also : []).forEach((t, j) => {
          if (languages.has(t?.language))
            ctx.addIssue({ code: "custom", path: ["questions", i, "also", j, "language"], params: { code: "Invalid" } });
          languages.add(t?.language);
          if (Array.isArray(t?.choices) && Array.isArray(q?.choices) && t.choices.length !== q.choices.length) {
            ctx.addIssue({ code: "custom", path: ["questions", i, "also", j, "choices"], params: { code: "Invalid" } });
          }
        });
      });
      texts.forEach((r, i) => {
        const languages = new Set([bank.language ?? 0]);
        (Array.isArray(r?.also) ? r.also : []).forEach((t, j) => {
          if (languages.has(t?.language))
            ctx.addIssue({ code: "custom", path: ["readingTexts", i, "also", j, "language"], params: { code: "Invalid" } });
          languages.add(t?.language);
        });
      });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
/** As the seed, the rehearsal and the tests write a bank: defaults (Uzbek, no other languages) left out. */
export type QuestionImportInput = z.input<typeof questionImportSchema>;

export const dryRunQuery = z.object({ dryRun: queryYesNo });
export const questionsQuery = z.object({
  subjectId: queryId,
  difficulty: z.coerce.number().int().min(1).max(3).optional(),
  q: search,
  page,
});
export const questionIdParams = z.object({ questionId: queryId });

/** An exposed item kept in the papers on purpose, or left out again: `{ kept, reason }` (lib/questions/bank.ts keepExposed). */
export const keepExposedSchema = z.object({ kept: z.boolean(saidToOrganiser.useExposed), reason });
