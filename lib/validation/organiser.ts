// Schemas of the organiser's JSON API: a subject's test, and a question bank import (DESIGN §8).
import { z } from "zod";
import { ReviewPolicy } from "@/lib/attempts/enums";
import { entityId, queryId } from "./fields";

const points = z.number().min(0).max(100).multipleOf(0.1);
const count = z.number().int().min(0).max(200);

export const testSettingsSchema = z
  .object({
    openedAt: z.iso.datetime({ offset: true }),
    closedAt: z.iso.datetime({ offset: true }),
    durationMinutes: z.number().int().min(1).max(600).optional(),
    pinCode: z.string().regex(/^\d{4,8}$/),
    easyCount: count.optional(),
    mediumCount: count.optional(),
    hardCount: count.optional(),
    easyPoints: points.optional(),
    mediumPoints: points.optional(),
    hardPoints: points.optional(),
    reviewPolicy: z.enum([ReviewPolicy.AfterClose, ReviewPolicy.AfterEnd]).optional(),
  })
  .refine((t) => new Date(t.openedAt) < new Date(t.closedAt), { path: ["closedAt"], params: { code: "Range" } });
export type TestSettings = z.output<typeof testSettingsSchema>;

const html = z.string().trim().min(1).max(20_000);

export const questionImportSchema = z
  .object({
    subjectId: entityId,
    readingTexts: z
      .array(z.object({ key: z.string().trim().min(1).max(100), text: html }))
      .max(500)
      .default([]),
    questions: z
      .array(
        z.object({
          difficulty: z.enum(["easy", "medium", "hard"]),
          text: html,
          readingText: z.string().trim().min(1).max(100).optional(),
          choices: z
            .array(z.object({ text: html, correct: z.boolean() }))
            .min(2)
            .max(8)
            .refine((choices) => choices.filter((c) => c.correct).length === 1, { params: { code: "Invalid" } }),
        }),
      )
      .min(1)
      .max(5000),
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
      });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type QuestionImport = z.output<typeof questionImportSchema>;

export const userIdParams = z.object({ userId: queryId });
export const blockedSchema = z.object({ blocked: z.boolean() });
