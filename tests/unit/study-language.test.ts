// The test in the pupil's language of study (issue 25): a question has its texts in one or more
// languages, a pupil is drawn only questions of their language and sees only that language's words,
// the same item in two languages is one question, and the console sees each language's stock.
import { createDecipheriv } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drawnPapers, questionChoices, questions, tests, users } from "@/db/schema";
import { type PaperContent, paperKey, sealedPaper } from "@/lib/attempts/sealed-paper";
import { allowTestAttempt, newAttempt } from "@/lib/attempts/start";
import { getAttempt } from "@/lib/attempts/taking";
import { boardTests } from "@/lib/board/board";
import { db } from "@/lib/db/client";
import { getCurrentUser } from "@/lib/identity/users";
import { updateProfile } from "@/lib/pupils/profile";
import { listQuestions, updateQuestion } from "@/lib/questions/bank";
import { importQuestionBank } from "@/lib/questions/import";
import { register } from "@/lib/registration/registration";
import { languagesDiffer } from "@/lib/statistics/flags";
import { createTestOlympiad, TEST_WORDS } from "@/lib/testing/olympiad";
import { createTestRegistration } from "@/lib/testing/pupils";
import { languagesOf, StudyLanguage } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

const OPEN = new Date("2025-06-03T05:00:00Z");
const before = new Date(OPEN.getTime() - 60_000);
const after = new Date(OPEN.getTime() + 1_000);

/** Every text an attempt shows: questions, choices, reading texts. */
function wordsOf(view: Awaited<ReturnType<typeof getAttempt>>): string[] {
  return [...view.questions.flatMap((q) => [q.text, ...q.questionChoices.map((c) => c.text)]), ...view.readingTexts.map((r) => r.text)];
}

/** A bank of 4 a difficulty: 2 of each also in Russian, 3 also in Karakalpak; a test of 2 a difficulty. */
const olympiad = () =>
  createTestOlympiad({
    openedAt: OPEN,
    closedAt: new Date(OPEN.getTime() + 3 * 3_600_000),
    counts: { easy: 2, medium: 2, hard: 2 },
    translated: { 1: 2, 2: 3 },
  });

describe("the test in the pupil's language of study", () => {
  it("a Russian pupil's attempt has only Russian texts, a Karakalpak pupil's only Karakalpak, an Uzbek pupil's only Uzbek", async () => {
    const o = await olympiad();
    for (const language of [StudyLanguage.Uzbek, StudyLanguage.Russian, StudyLanguage.Karakalpak]) {
      const pupil = await createPupil({ subjectId: o.subjectId, language });
      expect((await getCurrentUser({ userId: pupil.userId })).language).toBe(language);
      const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after });
      const view = await getAttempt({ userId: pupil.userId, attemptId, now: after });
      expect(view.questions).toHaveLength(6);
      const words = wordsOf(view);
      const own = TEST_WORDS[language];
      expect(words.filter((w) => w.startsWith(`${own.correct} `))).toHaveLength(6);
      expect(view.readingTexts.every((r) => r.text.includes(own.text))).toBe(true);
      // None of another language's words.
      for (const other of [0, 1, 2] as const) {
        if (other === language) continue;
        const theirs = TEST_WORDS[other];
        expect(
          words.some(
            (w) =>
              w.startsWith(`${theirs.correct} `) ||
              w.startsWith(`${theirs.wrong} `) ||
              w.includes(` ${theirs.question} `) ||
              w.includes(theirs.text),
          ),
        ).toBe(false);
      }
      expect(words.filter((w) => w.includes(` ${own.question} `))).toHaveLength(6);
    }
  });

  it("the paper drawn at check-in and its sealed copy are in the pupil's language; a change of language draws anew", async () => {
    const o = await olympiad();
    const pupil = await createPupil({ subjectId: o.subjectId, language: StudyLanguage.Karakalpak });
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const [paper] = await db.select().from(drawnPapers).where(eq(drawnPapers.userId, pupil.userId));
    expect(paper.language).toBe(StudyLanguage.Karakalpak);
    const ids = paper.questions.map(([id]) => id);
    const texts = await db.select({ id: questions.id, texts: questions.texts }).from(questions).where(eq(questions.subjectId, o.subjectId));
    expect(ids.every((id) => languagesOf(texts.find((t) => t.id === id)!.texts).includes(StudyLanguage.Karakalpak))).toBe(true);
    // The sealed copy, opened with its key as New would give it: Karakalpak words only.
    const sealed = await sealedPaper({ userId: pupil.userId });
    const [{ contentVersion }] = await db.select({ contentVersion: tests.contentVersion }).from(tests).where(eq(tests.id, o.testId));
    const key = Buffer.from(
      paperKey({ userId: pupil.userId, testId: o.testId, contentVersion, language: StudyLanguage.Karakalpak, paper: paper.questions }),
      "base64url",
    );
    const data = Buffer.from(sealed.data, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64url"));
    decipher.setAuthTag(data.subarray(-16));
    const opened = JSON.parse(Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString("utf8")) as PaperContent;
    const sealedWords = opened.questions.flatMap((q) => [q.text, ...q.questionChoices.map((c) => c.text)]);
    expect(sealedWords.filter((w) => w.startsWith(`${TEST_WORDS[2].correct} `))).toHaveLength(6);
    expect(sealedWords.some((w) => w.startsWith(`${TEST_WORDS[0].correct} `) || w.startsWith(`${TEST_WORDS[1].correct} `))).toBe(false);

    // The parent corrects the language to Russian: the Karakalpak paper goes, a Russian one is drawn.
    const user = await getCurrentUser({ userId: pupil.userId });
    await updateProfile({
      userId: pupil.userId,
      profile: {
        regionId: user.regionId!,
        districtId: user.districtId!,
        organizationId: 0,
        grade: user.grade!,
        subjectId: user.subjectId!,
        language: StudyLanguage.Russian,
        firstName: user.firstName,
        lastName: user.lastName,
        middleName: "Sinovovich",
        birthDate: "2012-01-01",
        phoneNumber: "901234567",
      },
    });
    expect(await db.select().from(drawnPapers).where(eq(drawnPapers.userId, pupil.userId))).toHaveLength(0);
    await allowTestAttempt({ userId: pupil.userId, now: before });
    const [again] = await db.select().from(drawnPapers).where(eq(drawnPapers.userId, pupil.userId));
    expect(again.language).toBe(StudyLanguage.Russian);
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after });
    const view = await getAttempt({ userId: pupil.userId, attemptId, now: after });
    expect(wordsOf(view).filter((w) => w.startsWith(`${TEST_WORDS[1].correct} `))).toHaveLength(6);
  });

  it("a bank short in a language refuses that language's pupils (3000) and no one else; the board shows each language's stock", async () => {
    const o = await createTestOlympiad({
      openedAt: OPEN,
      closedAt: new Date(OPEN.getTime() + 3 * 3_600_000),
      counts: { easy: 2, medium: 2, hard: 2 },
      translated: { 1: 1 },
    });
    const russian = await createPupil({ subjectId: o.subjectId, language: StudyLanguage.Russian });
    const uzbek = await createPupil({ subjectId: o.subjectId });
    await expect(newAttempt({ userId: russian.userId, pinCode: o.pinCode, now: after })).rejects.toMatchObject({ code: 3000 });
    await expect(newAttempt({ userId: uzbek.userId, pinCode: o.pinCode, now: after })).resolves.toHaveProperty("attemptId");
    const tile = (await boardTests(after)).find((t) => t.subjectId === o.subjectId)!;
    expect(tile.banks).toEqual([
      { language: 0, easy: 4, medium: 4, hard: 4, pupils: 1 },
      { language: 1, easy: 1, medium: 1, hard: 1, pupils: 1 },
    ]);
  });

  it("a second language is attached to the bank's items: one question, both texts; a mismatched item is refused", async () => {
    const o = await olympiad();
    const { items } = await listQuestions({ subjectId: o.subjectId });
    const uzbekOnly = items.filter((q) => !q.languages.includes(StudyLanguage.Russian));
    const target = uzbekOnly[0];
    const correctAt = target.choices.findIndex((c) => c.correct);
    const choices = target.choices.map((_, j) => ({ text: `вариант ${j}`, correct: j === correctAt }));
    const summary = await importQuestionBank(
      {
        subjectId: o.subjectId,
        language: StudyLanguage.Russian,
        questions: [{ questionId: target.questionId, difficulty: "easy", text: "<p>Новый перевод</p>", choices }],
        reason: "Rus tilidagi matnlar",
      },
      { organiserId: await organiserId() },
    );
    expect(summary).toMatchObject({ questions: 0, attached: 1 });
    const [stored] = await db.select().from(questions).where(eq(questions.id, target.questionId));
    expect(stored.texts["1"]).toBe("<p>Новый перевод</p>");
    expect(stored.texts["0"]).toBe(target.text);
    const storedChoices = await db.select().from(questionChoices).where(eq(questionChoices.questionId, target.questionId));
    expect(storedChoices.every((c) => c.texts["0"] !== undefined && c.texts["1"]?.startsWith("вариант"))).toBe(true);
    expect((await db.select().from(questions).where(eq(questions.subjectId, o.subjectId))).length).toBe(12);

    // Another key, or another number of choices: refused at that item, nothing changed.
    const wrongKey = choices.map((c, j) => ({ ...c, correct: j === (correctAt + 1) % choices.length }));
    await expect(
      importQuestionBank({
        subjectId: o.subjectId,
        language: StudyLanguage.Karakalpak,
        questions: [
          {
            difficulty: "easy",
            text: "<p>Jańa soraw</p>",
            choices: [
              { text: "a", correct: true },
              { text: "b", correct: false },
            ],
          },
          { questionId: uzbekOnly[1].questionId, difficulty: "easy", text: "<p>Aw</p>", choices: wrongKey },
        ],
      }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { "questions.1.choices": ["Invalid"] } });
    await expect(
      importQuestionBank({
        subjectId: o.subjectId,
        questions: [{ questionId: 2_000_000_000, difficulty: "easy", text: "<p>Yo'q</p>", choices }],
      }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { "questions.0.questionId": ["Invalid"] } });
    expect((await db.select().from(questions).where(eq(questions.subjectId, o.subjectId))).length).toBe(12);
  });

  it("an edit in one language keeps the others; a different number of choices is refused while others exist", async () => {
    const o = await olympiad();
    const { items } = await listQuestions({ subjectId: o.subjectId });
    const both = items.find((q) => q.languages.includes(StudyLanguage.Russian))!;
    const correctAt = both.choices.findIndex((c) => c.correct);
    await updateQuestion({
      organiserId: await organiserId(),
      questionId: both.questionId,
      edit: {
        difficulty: "easy",
        language: StudyLanguage.Russian,
        text: "<p>Исправленный вопрос</p>",
        choices: both.choices.map((_, j) => ({ text: `исправлено ${j}`, correct: j === correctAt })),
        reason: "Tarjima tuzatildi",
      },
    });
    const [stored] = await db.select().from(questions).where(eq(questions.id, both.questionId));
    expect(stored.texts).toMatchObject({ 0: both.text, 1: "<p>Исправленный вопрос</p>" });
    const storedChoices = await db.select().from(questionChoices).where(eq(questionChoices.questionId, both.questionId));
    expect(storedChoices.every((c) => c.texts["0"] !== undefined && c.texts["1"]?.startsWith("исправлено"))).toBe(true);
    await expect(
      updateQuestion({
        organiserId: await organiserId(),
        questionId: both.questionId,
        edit: {
          difficulty: "easy",
          text: "<p>Ikki variant</p>",
          choices: [
            { text: "a", correct: true },
            { text: "b", correct: false },
          ],
          reason: "Qisqartirildi",
        },
      }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { choices: ["Invalid"] } });
  });

  it("a question whose reading text lacks the pupil's language is not drawn for them, and such an import is refused", async () => {
    const o = await createTestOlympiad({
      openedAt: OPEN,
      closedAt: new Date(OPEN.getTime() + 3 * 3_600_000),
      counts: { easy: 2, medium: 2, hard: 2 },
      translated: { 1: 4 },
    });
    // The passage loses its Russian text (a bank edited by hand): its two questions are not Russian pupils' any more.
    await db.execute(sql`update reading_texts set texts = texts - '1' where subject_id = ${o.subjectId}`);
    const pupil = await createPupil({ subjectId: o.subjectId, language: StudyLanguage.Russian });
    const { attemptId } = await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after });
    const view = await getAttempt({ userId: pupil.userId, attemptId, now: after });
    expect(view.readingTexts).toEqual([]);
    expect(view.questions.every((q) => q.readingTextId === null)).toBe(true);

    await expect(
      importQuestionBank({
        subjectId: o.subjectId,
        readingTexts: [{ key: "p", text: "<p>Faqat o'zbekcha matn</p>" }],
        questions: [
          {
            difficulty: "easy",
            text: "<p>Savol</p>",
            readingText: "p",
            choices: [
              { text: "a", correct: true },
              { text: "b", correct: false },
            ],
            also: [{ language: 1, text: "<p>Вопрос</p>", choices: ["а", "б"] }],
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { "questions.0.readingTextLanguage": ["Invalid"] } });
  });

  it("a drawn question keeps its texts: an attach adds a new language only; a re-registration without a language keeps the pupil's", async () => {
    // Every question drawn, none in Russian yet (a drawn one without Russian is there whatever the draw).
    const o = await createTestOlympiad({
      openedAt: OPEN,
      closedAt: new Date(OPEN.getTime() + 3 * 3_600_000),
      counts: { easy: 2, medium: 2, hard: 2 },
      bankPerDifficulty: 2,
    });
    const pupil = await createPupil({ subjectId: o.subjectId });
    await newAttempt({ userId: pupil.userId, pinCode: o.pinCode, now: after });
    const { items } = await listQuestions({ subjectId: o.subjectId });
    const drawn = items.find((q) => q.drawn && q.readingText === null && !q.languages.includes(StudyLanguage.Russian))!;
    const correctAt = drawn.choices.findIndex((c) => c.correct);
    const choices = (word: string) => drawn.choices.map((_, j) => ({ text: `${word} ${j}`, correct: j === correctAt }));
    await expect(
      importQuestionBank({
        subjectId: o.subjectId,
        questions: [{ questionId: drawn.questionId, difficulty: "easy", text: "<p>Boshqa</p>", choices: choices("v") }],
      }),
    ).rejects.toMatchObject({ status: 422, validationErrors: { "questions.0.drawn": ["Invalid"] } });
    const added = await importQuestionBank({
      subjectId: o.subjectId,
      language: StudyLanguage.Russian,
      questions: [{ questionId: drawn.questionId, difficulty: "easy", text: "<p>Перевод</p>", choices: choices("вариант") }],
    });
    expect(added).toMatchObject({ attached: 1 });

    const { guid, userId } = await createTestRegistration({ subjectId: o.subjectId, language: StudyLanguage.Russian });
    const user = await getCurrentUser({ userId });
    await register(
      {
        guid,
        regionId: user.regionId!,
        districtId: user.districtId!,
        grade: user.grade!,
        subjectId: user.subjectId!,
        firstName: "Yangi",
        lastName: user.lastName,
      },
      { clientAddress: null },
    );
    expect((await getCurrentUser({ userId })).language).toBe(StudyLanguage.Russian);
  });

  it("languages differ: flagged only past 0.2 with 30 pupils or more in each", () => {
    expect(
      languagesDiffer([
        { language: 0, drawn: 40, facility: 0.8 },
        { language: 1, drawn: 30, facility: 0.55 },
      ]),
    ).toBe(true);
    expect(
      languagesDiffer([
        { language: 0, drawn: 40, facility: 0.8 },
        { language: 1, drawn: 29, facility: 0.2 },
      ]),
    ).toBe(false);
    expect(
      languagesDiffer([
        { language: 0, drawn: 40, facility: 0.8 },
        { language: 1, drawn: 40, facility: 0.6 },
      ]),
    ).toBe(false);
    expect(languagesDiffer([{ language: 0, drawn: 400, facility: 0.8 }])).toBe(false);
  });

  it("users keep their language: the registration's absent language is Uzbek", async () => {
    const pupil = await createPupil({});
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, pupil.userId));
    expect(row.language).toBe(StudyLanguage.Uzbek);
  });
});
