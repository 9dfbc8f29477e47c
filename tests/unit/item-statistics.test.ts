// Item statistics: facility, the corrected point-biserial and choice counts on an example
// computed by hand, the flags that point to a wrong key, and which attempts count; Moodle's item
// analysis, the test's figures, the Rasch scale and the language versions' DIF as the reader
// feeds them from the database, each flag's reason, and the workbook.
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { attemptQuestions, itemStatisticsKept, questionChoices, questions } from "@/db/schema";
import { finishAttempt, sweepExpiredAttempts } from "@/lib/attempts/ending";
import { resetAttempt } from "@/lib/attempts/interventions";
import { ANSWER_GRACE_SECONDS } from "@/lib/attempts/rules";
import { newAttempt } from "@/lib/attempts/start";
import { saveAnswer } from "@/lib/attempts/taking";
import { childWork } from "@/lib/background/child";
import { db } from "@/lib/db/client";
import { buildExport } from "@/lib/final-list/files";
import { setPupilBlocked } from "@/lib/pupils/acts";
import { WRONG_KEY_MIN_DRAWN } from "@/lib/statistics/flags";
import { itemStatistics } from "@/lib/statistics/items";
import { itemStatisticsWorkbook } from "@/lib/statistics/workbook";
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
  return { attemptId, userId: pupil.userId };
}

/** The five pupils of the hand-computed example (totals in tenths 40, 40, 35, 10, 10). */
async function sitTheFive(o: TestOlympiad) {
  await sit(o, { easy: "x1", medium: "key", hard: "key" });
  await sit(o, { easy: "x2", medium: "key", hard: "key" });
  await sit(o, { easy: "key", medium: "x1", hard: "key" });
  await sit(o, { easy: "key", medium: "x1", hard: "x1" });
  await sit(o, { easy: "key", medium: "x1", hard: null });
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
    await sitTheFive(o);
    // Not counted: an attempt reset by the organiser (all correct), one of a pupil the organiser
    // blocked (all correct: the statistics read the attempts the ranking ranks), and one not ended
    // (all wrong).
    const reset = await sit(o, { easy: "key", medium: "key", hard: "key" });
    await resetAttempt({ organiserId: await organiserId(), attemptId: reset.attemptId, reason: "Texnik nosozlik", now: at(25) });
    const blocked = await sit(o, { easy: "key", medium: "key", hard: "key" });
    await setPupilBlocked({ organiserId: await organiserId(), userId: blocked.userId, reason: "Boshqa odam yechgan", blocked: true });
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
  it("the item statistics and the results' exports agree while answers may come (open, in the grace, an attempt not ended); then only the list waits for its finalisation", async () => {
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
    // The statistics are final once every answer is in; the list's file stays provisional until the organiser finalises it.
    expect(await both(afterClose(61)), "every attempt ended, past the grace").toEqual([false, true]);
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

describe("the item statistics kept", () => {
  it("are computed in the child process once per state of the attempts, key and bank: a visit that changes nothing computes nothing", async () => {
    const o = await olympiad();
    await sit(o, { easy: "key", medium: "x1", hard: "key" });
    await sit(o, { easy: "x1", medium: "key", hard: "x2" });
    /** When the figures kept for this test (in Uzbek, or in the first language: reader 0) were computed. */
    const computedAt = async (reader = 0) =>
      (
        await db
          .select({ at: itemStatisticsKept.computedAt })
          .from(itemStatisticsKept)
          .where(and(eq(itemStatisticsKept.testId, o.testId), eq(itemStatisticsKept.reader, reader)))
      )[0]?.at.getTime();
    const first = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(childWork("statistics").pid).not.toBe(process.pid);
    const firstAt = await computedAt();
    expect(firstAt).toEqual(expect.any(Number));
    // Again: the kept figures, identical, nothing computed.
    expect(await itemStatistics({ testId: o.testId, now: T_CLOSE })).toEqual(first);
    expect(await computedAt()).toBe(firstAt);
    // Another reader's language is another set of texts: computed once, then kept too.
    await itemStatistics({ testId: o.testId, now: T_CLOSE, language: StudyLanguage.Russian });
    const russianAt = await computedAt(StudyLanguage.Russian);
    await itemStatistics({ testId: o.testId, now: T_CLOSE, language: StudyLanguage.Russian });
    expect(await computedAt(StudyLanguage.Russian)).toBe(russianAt);

    // An attempt more: computed again.
    await sit(o, { easy: "key", medium: "key", hard: "key" });
    const more = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(more.attempts).toBe(first.attempts + 1);
    const moreAt = await computedAt();
    expect(moreAt).toBeGreaterThan(firstAt!);
    // The key changed (the medium question's right answer is another choice): computed again.
    const medium = (await bankOf(o)).get(Difficulty.Medium)!;
    await db.update(questionChoices).set({ isCorrect: false }).where(eq(questionChoices.questionId, medium.questionId));
    await db.update(questionChoices).set({ isCorrect: true }).where(eq(questionChoices.id, medium.choices.x1));
    const rekeyed = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(await computedAt()).toBeGreaterThan(moreAt!);
    expect(rekeyed.items.find((i) => i.questionId === medium.questionId)?.correct).not.toBe(
      more.items.find((i) => i.questionId === medium.questionId)?.correct,
    );
    // A question's text edited in the bank: computed again.
    const rekeyedAt = await computedAt();
    await db
      .update(questions)
      .set({ texts: { [StudyLanguage.Uzbek]: "<p>Yangi matn</p>" } })
      .where(eq(questions.id, medium.questionId));
    const edited = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(edited.items.find((i) => i.questionId === medium.questionId)?.text).toBe("<p>Yangi matn</p>");
    expect(await computedAt()).toBeGreaterThan(rekeyedAt!);
  });
});

describe("an unknown test", () => {
  it("is not found (404)", async () => {
    await expect(itemStatistics({ testId: 2_000_000_000 })).rejects.toMatchObject({ status: 404 });
  });
});

describe("Moodle's item analysis, the test's figures and the Rasch scale, on the hand-computed example", () => {
  it("gives each question's thirds, discriminative efficiency and choice shares, the test's figures over its slots, and a Rasch difficulty", async () => {
    const o = await olympiad();
    // The five pupils of the hand-computed example (totals in tenths 40, 40, 35, 10, 10; the top
    // third scores ≥ 30, the bottom ≤ 20); tests/unit/moodle-statistics.test.ts works the figures.
    await sitTheFive(o);
    const bank = await bankOf(o);
    const stats = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    const [easy, medium, hard] = stats.items;

    expect(easy.analysis).toMatchObject({ n: 5, facility: 0.6, sd: 0.548, randomGuess: 0.25, discrimination: -0.862 });
    expect(easy.analysis).toMatchObject({ discriminationIndex: -0.333, discriminativeEfficiency: -0.905, top: 3, bottom: 2 });
    const easyIds = bank.get(Difficulty.Easy)!.choices;
    const shares = (id: number) => easy.analysis!.choices.find((c) => c.choiceId === id);
    expect(shares(easyIds.key)).toEqual({ choiceId: easyIds.key, picked: 3, top: 0.333, bottom: 1 });
    expect(shares(easyIds.x1)).toEqual({ choiceId: easyIds.x1, picked: 1, top: 0.333, bottom: 0 });
    expect(medium.analysis).toMatchObject({ discriminationIndex: 0.667, discriminativeEfficiency: 0.444 });
    expect(hard.analysis).toMatchObject({ discriminationIndex: 1, discriminativeEfficiency: 1 });
    // One language: its version is the whole, and there is nothing to compare it with.
    expect(easy.versions).toEqual([{ language: StudyLanguage.Uzbek, analysis: easy.analysis }]);
    expect(easy.dif).toEqual([]);

    // The test: totals in points 4, 4, 3.5, 1, 1 over three slots (numbers 1, 2, 3 on every paper).
    expect(stats.test).toMatchObject({ attempts: 5, slots: 3, mean: 2.7, median: 3.5, sd: 1.565, skewness: -0.535, kurtosis: -3.247 });
    expect(stats.test).toMatchObject({ cic: -0.245, errorRatio: 1.116, standardError: 1.746, verdict: "unsatisfactory" });
    expect(stats.referenceLanguage).toBe(StudyLanguage.Uzbek);

    // Rasch: every pupil scored 1 or 2 of 3 and every question was earned and missed: all placed,
    // centred on 0; medium, earned least, is the hardest.
    expect(stats.rasch).toMatchObject({ placed: 3, converged: true, measured: 5 });
    const difficulties = stats.items.map((i) => i.raschDifficulty as number);
    expect(Math.abs(difficulties.reduce((s, d) => s + d, 0))).toBeLessThan(0.005);
    expect(medium.raschDifficulty).toBeGreaterThan(easy.raschDifficulty as number);
    expect(easy.raschDifficulty).toBeCloseTo(hard.raschDifficulty as number, 3);
  });
});

describe("Mantel–Haenszel DIF between a question's language versions", () => {
  it("classes the easy question C against Uzbek, the reference, once 30 Russian pupils drew it, and names Russian as the likely mistranslation", async () => {
    const o = await olympiad(1, { 1: 1 }); // every question in Uzbek and Russian
    // The same four medium/hard patterns in both languages; the easy question earned by 8 of every
    // 10 Uzbek pupils and by 2 of every 8 Russian ones, whatever their other answers. Matched on the
    // questions earned, MH D-DIF = −5.84 (SE 1.64, χ² = 12.3): C. Medium and hard: A.
    const patterns = [
      ["key", "key"],
      ["key", "x1"],
      ["x1", "key"],
      ["x1", "x1"],
    ] as const;
    const sheets = (per: number, earned: number) =>
      patterns.flatMap(([medium, hard]) =>
        Array.from({ length: per }, (_, i): Sheet => ({ easy: i < earned ? "key" : "x1", medium, hard })),
      );
    for (const sheet of sheets(10, 8)) await sit(o, sheet);
    const russian = sheets(8, 2);
    for (const sheet of russian.slice(0, 29)) await sit(o, sheet, { language: StudyLanguage.Russian });

    // 29 Russian pupils: the figures are there, but no class and no flag below the minimum.
    const few = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    expect(few.referenceLanguage).toBe(StudyLanguage.Uzbek);
    expect(few.items[0].dif).toHaveLength(1);
    expect(few.items[0].dif[0]).toMatchObject({
      language: StudyLanguage.Russian,
      referenceLanguage: StudyLanguage.Uzbek,
      focal: 29,
      etsClass: null,
    });
    expect(few.items[0].dif[0].delta).toBeLessThan(-1.5);
    expect(few.items[0].flags).not.toContain("translationDif");

    for (const sheet of russian.slice(29)) await sit(o, sheet, { language: StudyLanguage.Russian });
    const stats = await itemStatistics({ testId: o.testId, now: T_CLOSE });
    const [easy, medium, hard] = stats.items;
    expect(easy.dif[0]).toMatchObject({ reference: 40, focal: 32, delta: -5.84, deltaSe: 1.636, etsClass: "C" });
    expect(easy.dif[0].chiSquare).toBeCloseTo(12.31, 2);
    expect(easy.flags).toEqual(["languagesDiffer", "translationDif"]);
    expect(easy.reasons).toContainEqual({
      flag: "translationDif",
      harder: StudyLanguage.Russian,
      easier: StudyLanguage.Uzbek,
      delta: -5.84,
      minimum: 30,
    });
    expect(easy.reasons).toContainEqual({
      flag: "languagesDiffer",
      high: { language: StudyLanguage.Uzbek, drawn: 40, facility: 0.8 },
      low: { language: StudyLanguage.Russian, drawn: 32, facility: 0.25 },
      gap: 0.2,
      minimum: 30,
    });
    // Each version's own figures: the easy question's Russian version is far harder.
    expect(easy.versions.map((v) => [v.language, v.analysis.n, v.analysis.facility])).toEqual([
      [StudyLanguage.Uzbek, 40, 0.8],
      [StudyLanguage.Russian, 32, 0.25],
    ]);
    expect(medium.dif[0].etsClass).toBe("A");
    expect(hard.dif[0].etsClass).toBe("A");
    expect(medium.flags).toEqual([]);
  });
});

describe("each flag says why", () => {
  it("a distractor above the key and a negative index give their figures and the minimum", async () => {
    const o = await olympiad();
    for (const sheet of [
      { easy: "x1", medium: "key", hard: "x1" },
      { easy: "x1", medium: "x1", hard: "key" },
      { easy: "key", medium: "x1", hard: "key" },
      { easy: "x1", medium: "key", hard: "x1" },
      { easy: "x1", medium: "x1", hard: "key" },
    ] satisfies Sheet[])
      await sit(o, sheet);
    const bank = await bankOf(o);
    const [easy, medium] = (await itemStatistics({ testId: o.testId, now: T_CLOSE })).items;
    expect(easy.reasons).toEqual([
      { flag: "distractorAboveKey", choiceIds: [bank.get(Difficulty.Easy)!.choices.x1], picked: 4, keyPicked: 1, drawn: 5, minimum: 5 },
    ]);
    expect(medium.reasons).toEqual([
      { flag: "negativeDiscrimination", discrimination: medium.discrimination, drawn: 5, minimum: 5 },
      { flag: "distractorAboveKey", choiceIds: [bank.get(Difficulty.Medium)!.choices.x1], picked: 3, keyPicked: 2, drawn: 5, minimum: 5 },
    ]);
    expect(medium.discrimination).toBeLessThan(0);
  });
});

describe("the workbook", () => {
  it("holds the test's figures, every question in all languages and per version, each choice and each pupil's Rasch measure, in the language asked", async () => {
    const o = await olympiad(1, { 1: 1 });
    await sit(o, { easy: "x1", medium: "key", hard: "key" });
    await sit(o, { easy: "key", medium: "x1", hard: "key" });
    await sit(o, { easy: "key", medium: "x1", hard: "x1" }, { language: StudyLanguage.Russian });
    // An hour after the close, past the answers' grace: final.
    const file = await itemStatisticsWorkbook({ testId: o.testId, lang: "ru", now: new Date(T_CLOSE.getTime() + 3_600_000) });
    expect(file.fileName).toMatch(/^statistika-voprosov_\d{4}_.+_2025-06-03\.xlsx$/);
    expect(file.provisional).toBe(false);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.data);
    expect(book.worksheets.map((s) => s.name)).toEqual(["Тест", "Вопросы", "Варианты", "Ученики"]);
    const rows = (name: string) => (book.getWorksheet(name)!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const test = rows("Тест");
    expect(test[0]).toEqual(["Статистика вопросов"]);
    // Its season, in the sheet and in the file's name.
    const season = String(test[2][0]);
    expect(season).toMatch(/^Сезон \d{4}$/);
    expect(file.fileName.split("_")[1]).toBe(season.slice(-4));
    expect(test).toContainEqual(["Средний балл", 2.833]); // (4 + 3.5 + 1) / 3
    // Three questions, each once in all languages and once per version drawn (Uzbek, Russian).
    const questions = rows("Вопросы");
    expect(questions[0].slice(0, 4)).toEqual(["ID вопроса", "Уровень", "Язык", "Выпал"]);
    expect(questions.slice(1).map((r) => r[2])).toEqual(Array.from({ length: 3 }, () => ["Все языки", "Узбекский", "Русский"]).flat());
    expect(rows("Варианты")).toHaveLength(1 + 3 * 3 * 4); // header; 3 questions × (all + 2 languages) × 4 choices
    const pupils = rows("Ученики");
    expect(pupils).toHaveLength(1 + 3);
    expect(pupils.slice(1).map((r) => r[2])).toEqual(["Узбекский", "Узбекский", "Русский"]);
    expect(pupils.slice(1).map((r) => r[3])).toEqual([4, 3.5, 1]);
  });

  it("is refused for an unknown test (404)", async () => {
    await expect(itemStatisticsWorkbook({ testId: 2_000_000_000 })).rejects.toMatchObject({ status: 404 });
  });
});
