// The organiser's decision on appeals, as the console says it: one count of the pupils it changes
// (its dry run's list, whose score or place moves) for the dry run and the toast; its reason in
// the languages its appellants read (Uzbek, Russian or both), the one they need never refused
// for want of the other.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attemptQuestions, attempts } from "@/db/schema";
import { appealsView, submitAppeal } from "@/lib/appeals/appeals";
import { decideAppeals } from "@/lib/appeals/decisions";
import { regrade } from "@/lib/appeals/rescoring";
import { db } from "@/lib/db/client";
import { decisionSchema, missingReasons, reasonLanguagesFor } from "@/shared/appeals/console";
import { StudyLanguage } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { threeTaken } from "../support/taken";

setUpDatabase();

const HOUR = 3_600_000;

/** Three pupils take one question per difficulty; the test then closes (appeals open an hour after). */
async function closedTest() {
  const { o, pupils, closedAt } = await threeTaken();
  return { o, pupils, hard: pupils[0].drawn[2], during: new Date(closedAt.getTime() + HOUR) };
}

const hardOf = async (attemptId: number) =>
  (
    await db
      .select()
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.number, 3)))
  )[0];

async function appealHard(pupil: { userId: number; attemptId: number }, during: Date) {
  const q = await hardOf(pupil.attemptId);
  await submitAppeal({ userId: pupil.userId }, { testAttemptQuestionId: q.id, kind: "key", text: "B javob ham to'g'ri" }, "uz", during);
}

describe("one count of the pupils a decision changes", () => {
  it("the toast's count is the dry run's: a pupil whose place moves without a score change is counted by both", async () => {
    const { o, pupils, hard, during } = await closedTest();
    await appealHard(pupils[0], during);
    const organiser = await organiserId();
    const dry = await regrade({
      organiserId: organiser,
      testId: o.testId,
      input: { questionId: hard.questionId, action: "also", correctChoiceId: hard.wrong[0], dryRun: true },
    });
    // Pupils 0 and 2 gain the hard question's points; pupil 1 keeps 3.5 and drops from 1st to 2nd.
    expect(dry.changes.map((c) => [c.userId, c.oldScore, c.newScore])).toEqual(
      expect.arrayContaining([
        [pupils[0].userId, 2.5, 5],
        [pupils[1].userId, 3.5, 3.5],
        [pupils[2].userId, 0, 2.5],
      ]),
    );
    const decided = await decideAppeals({
      organiserId: organiser,
      testId: o.testId,
      input: {
        questionId: hard.questionId,
        outcome: "also",
        choiceId: hard.wrong[0],
        reason: "Ikkala javob ham to'g'ri",
        seenAt: during.toISOString(),
        expectedKeyHash: dry.oldKeyHash,
      },
      now: new Date(during.getTime() + 60_000),
    });
    expect(decided.changed).toBe(dry.changes.length);
    expect(decided.changed).toBe(3);
  });
});

describe("a decision's reason in the language of its appellants", () => {
  it("says which languages the appellants need: Russian for a Russian-school pupil, Uzbek for the others, both when both appealed", () => {
    expect(reasonLanguagesFor([StudyLanguage.Russian])).toEqual(["ru"]);
    expect(reasonLanguagesFor([StudyLanguage.Uzbek, StudyLanguage.Karakalpak])).toEqual(["uz"]);
    expect(reasonLanguagesFor([StudyLanguage.Russian, StudyLanguage.Uzbek])).toEqual(["uz", "ru"]);
    expect(reasonLanguagesFor([])).toEqual(["uz"]);
    expect(missingReasons({ reasonRu: "Ключ верен" }, ["ru"])).toEqual([]);
    expect(missingReasons({ reasonRu: "Ключ верен" }, ["uz", "ru"]).map((m) => m.field)).toEqual(["reason"]);
    // The form's schema takes a Russian reason alone, and refuses a decision with none.
    const base = { questionId: 1, outcome: "reject", seenAt: new Date().toISOString() };
    expect(decisionSchema.safeParse({ ...base, reason: "", reasonRu: "Ключ верен" }).success).toBe(true);
    expect(decisionSchema.safeParse({ ...base, reason: "", reasonRu: "" }).success).toBe(false);
  });

  it("a Russian-school pupil's appeal is decided with the Russian reason alone, which every pupil then reads; an Uzbek one alone is refused", async () => {
    const { o, pupils, hard, during } = await closedTest();
    await db.update(attempts).set({ language: StudyLanguage.Russian }).where(eq(attempts.id, pupils[0].attemptId));
    await appealHard(pupils[0], during);
    const organiser = await organiserId();
    const decide = (reasons: { reason?: string; reasonRu?: string }) =>
      decideAppeals({
        organiserId: organiser,
        testId: o.testId,
        input: { questionId: hard.questionId, outcome: "reject", ...reasons, seenAt: during.toISOString() },
        now: new Date(during.getTime() + 60_000),
      });
    await expect(decide({ reason: "Kalit to'g'ri" })).rejects.toMatchObject({
      status: 422,
      validationErrors: { reasonRu: ["Required"] },
    });
    await expect(decide({ reasonRu: "Ключ верен: решение проверено." })).resolves.toMatchObject({ appeals: 1 });
    for (const locale of ["ru", "uz", "uz-Cyrl"] as const) {
      const view = await appealsView({ userId: pupils[0].userId }, locale, during);
      expect(view?.appeals[0].decision, locale).toMatchObject({ outcome: "reject", reason: "Ключ верен: решение проверено." });
    }
  });

  it("an appeal of an Uzbek-school pupil beside a Russian-school one's needs both reasons", async () => {
    const { o, pupils, hard, during } = await closedTest();
    await db.update(attempts).set({ language: StudyLanguage.Russian }).where(eq(attempts.id, pupils[1].attemptId));
    await appealHard(pupils[0], during);
    await appealHard(pupils[1], during);
    const input = { questionId: hard.questionId, outcome: "reject" as const, seenAt: during.toISOString() };
    const decide = (reasons: { reason?: string; reasonRu?: string }) =>
      decideAppeals({ organiserId: 0, testId: o.testId, input: { ...input, ...reasons }, now: during }).catch((e) => e);
    expect(await decide({ reasonRu: "Ключ верен" })).toMatchObject({ status: 422, validationErrors: { reason: ["Required"] } });
    expect(await decide({ reason: "Kalit to'g'ri" })).toMatchObject({ status: 422, validationErrors: { reasonRu: ["Required"] } });
  });
});
