// One formula never stops a test: a formula that cannot be typeset is refused by every import
// form and by the edit, naming its question; one already in a bank is shown to its pupils (and in
// the preview) as its TeX in plain text, and New, Get and the preview answer as ever.
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { questions } from "@/db/schema";
import { bankChanged } from "@/lib/attempts/papers";
import { newAttempt } from "@/lib/attempts/start";
import { getAttempt } from "@/lib/attempts/taking";
import { db } from "@/lib/db/client";
import { updateQuestion } from "@/lib/questions/bank";
import { importQuestionBank } from "@/lib/questions/import";
import { importJson, importUpload, uploadFields } from "@/lib/questions/upload";
import { previewPaper } from "@/lib/subject-tests/preview";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { Difficulty } from "@/shared/attempts/enums";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

/** 3 000 nested groups: KaTeX overflows the stack on it. */
const DEEP = `\\(${"{".repeat(3000)}x${"}".repeat(3000)}\\)`;
const REFUSED = /^Formulani ko'rsatib bo'lmaydi: u juda uzun \(ko'pi bilan 1000 belgi\), juda chuqur ichma-ich \(ko'pi bilan 20 qavat\)/;

const choices = ["4", "5", "6"].map((text, j) => ({ text, correct: j === 0 }));

async function uploaded(subjectId: number, format: "xlsx" | "gift" | "aiken", file: Blob) {
  const fields = uploadFields.parse({ format, subjectId: String(subjectId), reason: "Yangi savollar" });
  return importUpload({ fields, file, dryRun: false, organiserId: await organiserId() });
}

async function workbook(texts: string[]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Savollar");
  sheet.addRow(["difficulty", "question", "reading_text", "A", "B", "C", "D", "E", "F", "correct"]);
  for (const text of texts) sheet.addRow(["oson", text, "", "4", "5", "6", "", "", "", "A"]);
  return new Blob([await book.xlsx.writeBuffer()]);
}

const easyQuestions = async (subjectId: number) =>
  db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.subjectId, subjectId), eq(questions.difficulty, Difficulty.Easy)))
    .orderBy(asc(questions.id));

describe("a formula that cannot be typeset is refused, naming its question", () => {
  it("by the JSON import: the path and the question's place, in the organiser's words; nothing stored", async () => {
    const { subjectId } = await createTestOlympiad({ bankPerDifficulty: 1 });
    const before = (await easyQuestions(subjectId)).length;
    const bank = {
      subjectId,
      readingTexts: [],
      questions: [
        { difficulty: "easy" as const, text: "<p>\\(1 + 1\\)?</p>", choices },
        { difficulty: "easy" as const, text: `<p>Hisoblang: ${DEEP}</p>`, choices },
      ],
      reason: "Yangi savollar",
    };
    await expect(importQuestionBank(bank, { dryRun: true })).rejects.toMatchObject({
      validationErrors: { "questions.1.text": ["Formula"] },
    });
    await expect(importJson(bank, { dryRun: false, organiserId: await organiserId() })).rejects.toMatchObject({
      status: 422,
      validationErrors: { "questions.1.text": ["Formula"] },
      errors: [{ where: "2-savol", field: "text", message: expect.stringMatching(REFUSED) }],
    });
    expect(await easyQuestions(subjectId)).toHaveLength(before);
  });

  it("by a spreadsheet, GIFT and Aiken: the row or question named, nothing stored", async () => {
    const { subjectId } = await createTestOlympiad({ bankPerDifficulty: 1 });
    const before = (await easyQuestions(subjectId)).length;
    await expect(uploaded(subjectId, "xlsx", await workbook(["\\(1 + 1\\)?", `Hisoblang: ${DEEP}`]))).rejects.toMatchObject({
      status: 422,
      errors: [{ where: "Savollar, 3-qator", message: expect.stringMatching(REFUSED) }],
    });
    const escaped = DEEP.replace(/[{}]/g, (brace) => `\\${brace}`);
    const gift = `::Q1:: Oddiy \\(1+1\\) {=2 ~3}\n\n::Q2:: Hisoblang ${escaped} {=1 ~2 ~3}\n`;
    await expect(uploaded(subjectId, "gift", new Blob([gift]))).rejects.toMatchObject({
      status: 422,
      errors: [{ where: "2-savol", message: expect.stringMatching(REFUSED) }],
    });
    const aiken = `Oddiy \\(1+1\\)?\nA) 2\nB) 3\nANSWER: A\n\nHisoblang: ${DEEP}\nA) 1\nB) 2\nANSWER: A\n`;
    await expect(uploaded(subjectId, "aiken", new Blob([aiken]))).rejects.toMatchObject({
      status: 422,
      errors: [{ where: "6-qator", message: expect.stringMatching(REFUSED) }],
    });
    expect(await easyQuestions(subjectId)).toHaveLength(before);
  });

  it("by the edit of a question: its text, or a choice, with the field's code", async () => {
    const { subjectId } = await createTestOlympiad({ bankPerDifficulty: 1 });
    const [question] = await easyQuestions(subjectId);
    const organiser = await organiserId();
    const edit = (text: string, choice: string) =>
      updateQuestion({
        organiserId: organiser,
        questionId: question.id,
        edit: {
          reason: "sinov",
          difficulty: "easy",
          text,
          choices: [
            { text: choice, correct: true },
            { text: "5", correct: false },
          ],
        },
      });
    await expect(edit(`<p>${DEEP}</p>`, "4")).rejects.toMatchObject({ status: 422, validationErrors: { text: ["Formula"] } });
    await expect(edit("<p>Nechta?</p>", "\\(\\def\\a{\\a}\\a\\)")).rejects.toMatchObject({
      validationErrors: { "choices.0.text": ["Formula"] },
    });
    await expect(edit("<p>\\(\\frac{1}\\)</p>", "4")).rejects.toMatchObject({ validationErrors: { text: ["Formula"] } });
  });
});

describe("a formula already in a bank", () => {
  it("is shown as plain text: New, Get (a pupil who started before it too) and the preview answer", async () => {
    const o = await createTestOlympiad({ bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = async () => {
      const { userId } = await createPupil({ subjectId: o.subjectId });
      return { userId, ...(await newAttempt({ userId, pinCode: o.pinCode })) };
    };
    const earlier = await pupil();
    await getAttempt(earlier); // the bank read and kept before the formula is in it
    // As an older import let it in: the bank's only easy question, which every paper draws.
    const [easy] = await easyQuestions(o.subjectId);
    await db.transaction(async (tx) => {
      await tx
        .update(questions)
        .set({ texts: { 0: `<p>Hisoblang: ${DEEP} va \\(1 + 1\\)</p>` } })
        .where(eq(questions.id, easy.id));
      await bankChanged(tx, { subjectId: o.subjectId });
    });
    const plain = `<p>Hisoblang: <code>${"{".repeat(3000)}x${"}".repeat(3000)}</code> va <span class="katex">`;
    const shown = (view: { questions: { text: string }[] }) => view.questions.map((q) => q.text).join("\n");

    expect(shown(await getAttempt(earlier))).toContain(plain);
    const later = await pupil();
    expect(shown(await getAttempt(later))).toContain(plain);
    expect(shown(await previewPaper({ testId: o.testId, language: 0 }))).toContain(plain);
  });
});
