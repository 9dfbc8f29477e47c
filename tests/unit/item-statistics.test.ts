// Item statistics: facility, the corrected point-biserial and choice counts on an example
// computed by hand, the flags that point to a wrong key, and which attempts count.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attemptQuestions, questionChoices, questions } from "@/db/schema";
import { finishAttempt, sweepExpiredAttempts } from "@/lib/attempts/ending";
import { resetAttempt } from "@/lib/attempts/interventions";
import { ANSWER_GRACE_SECONDS } from "@/lib/attempts/rules";
import { newAttempt } from "@/lib/attempts/start";
import { saveAnswer } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { buildExport } from "@/lib/results/files";
import { itemStatistics, WRONG_KEY_MIN_DRAWN } from "@/lib/statistics/items";
import { createTestOlympiad, type TestOlympiad } from "@/lib/testing/olympiad";
import { Difficulty, StudyLanguage, VoidAwards } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const T0 = new Date("2025-06-03T05:00:00Z");
const T_CLOSE = new Date("2025-06-03T15:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** One question per difficulty in the bank and in the test: every pupil draws the same three. */
const olympiad = (bankPerDifficulty = 1, translated: { 1?: number } = {}) =>
  createTestOlympiad({
    openedAt: T0,
    closedAt: T_CLOSE,
    bankPerDifficulty,
    counts: { easy: 1, medium: 1, hard: 1 },
    withReadingText: false,
    translated,
  });

/** "key" is the correct choice; x1, x2, x3 the wrong ones ("xato 1.1" …); null leaves it unanswered. */
type Answer = "key" | "x1" | "x2" | "x3" | null;
type Sheet = { easy: Answer; medium: Answer; hard: Answer };
const DIFFICULTIES = { easy: Difficulty.Easy, medium: Difficulty.Medium, hard: Difficulty.Hard } as const;

/** The subject's questions by difficulty (a bank of one each), with their choices named as in Answer. */
async function bankOf(o: TestOlympiad) {
  const rows = await db
    .select({
      questionId: questions.id,
      difficulty: questions.difficulty,
      choiceId: questionChoices.id,
      texts: questionChoices.texts,
      isCorrect: questionChoices.isCorrect,
    })
    .from(questions)
    .innerJoin(questionChoices, eq(questionChoices.questionId, questions.id))
    .where(eq(questions.subjectId, o.subjectId));
  const bank = new Map<number, { questionId: number; choices: Record<Exclude<Answer, null>, number> }>();
  for (const r of rows) {
    const entry = bank.get(r.difficulty) ?? { questionId: r.questionId, choices: { key: 0, x1: 0, x2: 0, x3: 0 } };
    const name = r.isCorrect ? "key" : (`x${r.texts["0"]!.trim().slice(-1)}` as "x1" | "x2" | "x3");
    entry.choices[name] = r.choiceId;
    bank.set(r.difficulty, entry);
  }
  return bank;
}

/** A pupil sits the test with these answers, and finishes it unless told not to. */
async function sit(o: TestOlympiad, sheet: Sheet, { finish = true, language = StudyLanguage.Uzbek as StudyLanguage } = {}) {
  const pupil = await createPupil({ subjectId: o.subjectId, language });
  const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: at(10) });
  const drawn = await db
    .select({ id: attemptQuestions.id, questionId: attemptQuestions.questionId })
    .from(attemptQuestions)
    .where(eq(attemptQuestions.attemptId, attemptId));
  const bank = await bankOf(o);
  for (const [name, difficulty] of Object.entries(DIFFICULTIES)) {
    const answer = sheet[name as keyof Sheet];
    if (answer === null) continue;
    const question = bank.get(difficulty)!;
    await saveAnswer({
      session: { userId: pupil.userId, role: 1, sessionVersion: 0, sessionId: "" },
      testAttemptQuestionId: drawn.find((d) => d.questionId === question.questionId)!.id,
      answerId: question.choices[answer],
      now: at(11),
    });
  }
  if (finish) await finishAttempt({ userId: pupil.userId, attemptId, isEndedByUser: true, now: at(20) });
  return { attemptId };
}

describe("item statistics per language of study", () => {
  it("each language's facility; a gap over 0.2 with 30 pupils in each flags a likely mistranslation, on one question", async () => {
    const o = await olympiad(1, { 1: 1 }); // every question in Uzbek and Russian
    for (let i = 0; i < 30; i++) await sit(o, { easy: "key", medium: "key", hard: i % 2 ? "key" : "x1" });
    for (let i = 0; i < 30; i++)
      await sit(o, { easy: i < 12 ? "key" : "x1", medium: "key", hard: i % 2 ? "key" : "x1" }, { language: StudyLanguage.Russian });
    const stats = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(stats.items).toHaveLength(3); // one item per question, whatever its languages
    const [easy, medium, hard] = stats.items;
    expect(easy.drawn).toBe(60);
    expect(easy.languages).toEqual([
      { language: 0, drawn: 30, facility: 1 },
      { language: 1, drawn: 30, facility: 0.4 },
    ]);
    expect(easy.flags).toContain("languagesDiffer");
    expect(medium.flags).not.toContain("languagesDiffer");
    expect(hard.languages.map((l) => l.facility)).toEqual([0.5, 0.5]);
    expect(hard.flags).not.toContain("languagesDiffer");
  });
});

describe("item statistics on a hand-computed example", () => {
  it("gives facility, the corrected point-biserial and each choice's picks; flags a distractor above the key and a negative index", async () => {
    const o = await olympiad();
    // Points in tenths: easy 10, medium 15, hard 25 (the test's defaults).
    //        easy  medium  hard   total
    // P1     x1    key     key    0 + 15 + 25 = 40
    // P2     x2    key     key    0 + 15 + 25 = 40
    // P3     key   x1      key    10 + 0 + 25 = 35
    // P4     key   x1      x1     10 + 0 + 0  = 10
    // P5     key   x1      —      10 + 0 + 0  = 10
    await sit(o, { easy: "x1", medium: "key", hard: "key" });
    await sit(o, { easy: "x2", medium: "key", hard: "key" });
    await sit(o, { easy: "key", medium: "x1", hard: "key" });
    await sit(o, { easy: "key", medium: "x1", hard: "x1" });
    await sit(o, { easy: "key", medium: "x1", hard: null });
    // Not counted: an attempt reset by the organiser (all correct), and one not ended (all wrong).
    const reset = await sit(o, { easy: "key", medium: "key", hard: "key" });
    await resetAttempt({ organiserId: await organiserId(), attemptId: reset.attemptId, reason: "Texnik nosozlik", now: at(25) });
    await sit(o, { easy: "x3", medium: "x3", hard: "x3" }, { finish: false });

    // r = (nΣxy − ΣxΣy) / √((nΣx − (Σx)²)(nΣy² − (Σy)²)), x the item's 0/1, y the total without the item, n = 5.
    // easy:   x = 0,0,1,1,1; y = 40,40,25,0,0   Σx=3 Σy=105 Σxy=25 Σy²=3825
    //         r = (125 − 315) / √(6 · (19125 − 11025)) = −190 / √48600 = −0.862; facility 3/5
    // medium: x = 1,1,0,0,0; y = 25,25,35,10,10 Σx=2 Σy=105 Σxy=50 Σy²=2675
    //         r = (250 − 210) / √(6 · (13375 − 11025)) = 40 / √14100 = 0.337; facility 2/5
    // hard:   x = 1,1,1,0,0; y = 15,15,10,10,10 Σx=3 Σy=60 Σxy=40 Σy²=750
    //         r = (200 − 180) / √(6 · (3750 − 3600)) = 20 / 30 = 0.667; facility 3/5
    const bank = await bankOf(o);
    const stats = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    // Provisional: one attempt has not ended yet (the sweep will end and count it).
    expect(stats).toMatchObject({ testId: o.testId, subjectId: o.subjectId, provisional: true, attempts: 5 });
    expect(stats.items.map((i) => i.difficulty)).toEqual([Difficulty.Easy, Difficulty.Medium, Difficulty.Hard]);
    const [easy, medium, hard] = stats.items;
    const picks = (item: (typeof stats.items)[number], difficulty: number) => {
      const ids = bank.get(difficulty)!.choices;
      const of = (id: number) => item.choices.find((c) => c.choiceId === id)!.picked;
      return { key: of(ids.key), x1: of(ids.x1), x2: of(ids.x2), x3: of(ids.x3) };
    };

    expect(easy).toMatchObject({ questionId: bank.get(Difficulty.Easy)!.questionId, drawn: 5, answered: 5, correct: 3, voided: null });
    expect(easy.facility).toBeCloseTo(0.6, 3);
    expect(easy.discrimination).toBeCloseTo(-0.862, 3);
    expect(picks(easy, Difficulty.Easy)).toEqual({ key: 3, x1: 1, x2: 1, x3: 0 });
    expect(easy.flags).toEqual(["negativeDiscrimination"]);

    expect(medium).toMatchObject({ drawn: 5, answered: 5, correct: 2 });
    expect(medium.facility).toBeCloseTo(0.4, 3);
    expect(medium.discrimination).toBeCloseTo(0.337, 3);
    expect(picks(medium, Difficulty.Medium)).toEqual({ key: 2, x1: 3, x2: 0, x3: 0 });
    expect(medium.flags).toEqual(["distractorAboveKey"]);

    expect(hard).toMatchObject({ drawn: 5, answered: 4, correct: 3 });
    expect(hard.facility).toBeCloseTo(0.6, 3);
    expect(hard.discrimination).toBeCloseTo(0.667, 3);
    expect(picks(hard, Difficulty.Hard)).toEqual({ key: 3, x1: 1, x2: 0, x3: 0 });
    expect(hard.flags).toEqual([]);
    // The choices come in the source's order (position), not their shuffled ids', the key marked.
    const stored = await db
      .select({ id: questionChoices.id })
      .from(questionChoices)
      .where(eq(questionChoices.questionId, hard.questionId))
      .orderBy(asc(questionChoices.position));
    expect(hard.choices.map((c) => c.choiceId)).toEqual(stored.map((c) => c.id));
    expect(hard.choices.filter((c) => c.isCorrect).map((c) => c.choiceId)).toEqual([bank.get(Difficulty.Hard)!.choices.key]);

    // Before the close the same figures are provisional: more attempts may still end.
    const early = await itemStatistics({ testId: o.testId, now: at(30) });
    expect(early.provisional).toBe(true);
    expect(early.items).toEqual(stats.items);
  });
});

describe("too few draws to say: no wrong-key flag below WRONG_KEY_MIN_DRAWN", () => {
  it("questions drawn 1 to 4 times are not flagged; at 5 draws the same answers are", async () => {
    const o = await olympiad();
    // easy: a distractor above the key; medium: the strong pupils miss it (a negative index).
    const sheets: Sheet[] = [
      { easy: "x1", medium: "key", hard: "x1" },
      { easy: "x1", medium: "x1", hard: "key" },
      { easy: "key", medium: "x1", hard: "key" },
      { easy: "x1", medium: "key", hard: "x1" },
      { easy: "x1", medium: "x1", hard: "key" },
    ];
    for (const [i, sheet] of sheets.entries()) {
      await sit(o, sheet);
      const stats = await itemStatistics({ testId: o.testId, now: T_CLOSE });
      const drawn = i + 1;
      const [easy, medium] = stats.items;
      expect(easy.drawn).toBe(drawn);
      // The figures are shown whatever the sample; only the verdict waits for enough draws.
      expect(easy.choices.find((c) => !c.isCorrect && c.picked > 0)).toBeDefined();
      if (drawn >= 2) expect(medium.discrimination, `drawn ${drawn}`).toBeLessThan(0);
      const flags = stats.items.flatMap((item) => item.flags);
      if (drawn < 5) expect(flags, `drawn ${drawn}`).toEqual([]);
      else {
        expect(easy.flags).toEqual(["distractorAboveKey"]);
        expect(medium.flags).toContain("negativeDiscrimination");
      }
    }
    expect(WRONG_KEY_MIN_DRAWN).toBe(5); // the page says it
  });
});

describe("provisional", () => {
  it("the item statistics and the results' exports agree at every moment: open, in the grace, an attempt not ended, final", async () => {
    const o = await olympiad();
    await sit(o, { easy: "key", medium: "key", hard: "x1" });
    await sit(o, { easy: "x1", medium: null, hard: null }, { finish: false });
    const afterClose = (seconds: number) => new Date(T_CLOSE.getTime() + seconds * 1000);
    const moments = [
      { name: "open", now: at(30), provisional: true },
      { name: "closed, answers still in their grace", now: afterClose(ANSWER_GRACE_SECONDS - 1), provisional: true },
      { name: "past the grace, an attempt not ended", now: afterClose(60), provisional: true },
    ];
    const both = async (now: Date) => {
      const [stats, file] = await Promise.all([
        itemStatistics({ testId: o.testId, now }),
        buildExport({ testId: o.testId, scope: "top5", format: "csv", now }),
      ]);
      return [stats.provisional, file?.provisional];
    };
    for (const m of moments) expect(await both(m.now), m.name).toEqual([m.provisional, m.provisional]);
    await sweepExpiredAttempts({ now: afterClose(60) });
    expect(await both(afterClose(61)), "every attempt ended, past the grace").toEqual([false, false]);
  });
});

describe("a test with no ended attempt", () => {
  it("lists the bank with nothing drawn: no facility, no index, no flags; a retired question never drawn is left out", async () => {
    const o = await olympiad(2);
    await sit(o, { easy: null, medium: null, hard: null }, { finish: false });
    const [retired] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.subjectId, o.subjectId), eq(questions.difficulty, Difficulty.Hard)))
      .limit(1);
    await db
      .update(questions)
      .set({ retiredAt: at(0) })
      .where(eq(questions.id, retired.id));
    const stats = await itemStatistics({ testId: o.testId, now: at(30) });
    expect(stats).toMatchObject({ provisional: true, attempts: 0 });
    expect(stats.items).toHaveLength(5); // 2 easy, 2 medium, 1 hard still in the bank
    expect(stats.items.map((i) => i.questionId)).not.toContain(retired.id);
    for (const item of stats.items) {
      expect(item).toMatchObject({ drawn: 0, answered: 0, correct: 0, facility: null, discrimination: null, flags: [] });
      expect(item.choices).toHaveLength(4);
      expect(item.choices.every((c) => c.picked === 0)).toBe(true);
    }
  });
});

describe("a voided question", () => {
  it("is shown as voided and never flagged; a retired question that was drawn is still listed", async () => {
    const o = await olympiad();
    await sit(o, { easy: "x1", medium: "key", hard: "key" });
    for (let i = 0; i < 4; i++) await sit(o, { easy: "x1", medium: "x2", hard: "key" }); // enough draws to flag
    const bank = await bankOf(o);
    const easyId = bank.get(Difficulty.Easy)!.questionId;

    const before = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(before.items.find((i) => i.questionId === easyId)!.flags).toEqual(["distractorAboveKey"]);

    // The regrade's outcome, set directly: the question's points go to everyone who drew it.
    await db.update(questions).set({ voidAwards: VoidAwards.All }).where(eq(questions.id, easyId));
    await db
      .update(questions)
      .set({ retiredAt: at(40) })
      .where(eq(questions.id, bank.get(Difficulty.Medium)!.questionId));
    const after = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    const easy = after.items.find((i) => i.questionId === easyId)!;
    // Everyone earns it now (facility 1), so its 0/1 has no variance and the index is undefined.
    expect(easy).toMatchObject({ voided: VoidAwards.All, drawn: 5, correct: 5, facility: 1, discrimination: null, flags: [] });
    expect(after.items.find((i) => i.difficulty === Difficulty.Medium)).toMatchObject({ retired: true, drawn: 5 });
  });
});

describe("an unknown test", () => {
  it("is not found (404)", async () => {
    await expect(itemStatistics({ testId: 2_000_000_000 })).rejects.toMatchObject({ status: 404 });
  });
});
