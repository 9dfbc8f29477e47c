// One formula never stops a test, over HTTP: a formula that cannot be typeset (3 000 nested groups,
// which overflow KaTeX's stack) is refused by every import form with its question named, in the
// organiser's words; one already in a bank (put there past the import, as an older version let it
// in) is shown as plain text, and New, Get, the attempt page and the console's preview answer 200.
import ExcelJS from "exceljs";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";

let organiser: APIRequestContext;
test.beforeAll(async () => {
  organiser = await signedIn(ORGANISER);
});
test.afterAll(async () => organiser?.dispose());

const NESTED = `${"{".repeat(3000)}x${"}".repeat(3000)}`;
const DEEP = `\\(${NESTED}\\)`;
const REFUSED = /^Formulani ko'rsatib bo'lmaydi: u juda uzun \(ko'pi bilan 1000 belgi\), juda chuqur ichma-ich \(ko'pi bilan 20 qavat\)/;

async function workbook(texts: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Savollar");
  sheet.addRow(["difficulty", "question", "reading_text", "A", "B", "C", "D", "E", "F", "correct"]);
  for (const text of texts) sheet.addRow(["oson", text, "", "4", "5", "6", "", "", "", "A"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (subjectId: number, format: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
  organiser.post("/api/admin/questions/upload?dryRun=false", {
    multipart: { file, format, subjectId: String(subjectId), reason: "Yangi savollar" },
  });

const bankSize = async (subjectId: number) =>
  (await (await organiser.get(`/api/admin/questions?subjectId=${subjectId}`)).json()).total as number;

test("the deep formula is refused by the JSON import, a spreadsheet, GIFT and Aiken, its question named; nothing stored", async ({
  request,
}) => {
  const { subjectId } = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  const base = await bankSize(subjectId);
  const choices = ["4", "5", "6"].map((text, j) => ({ text, correct: j === 0 }));

  const json = await organiser.post("/api/admin/questions/import", {
    data: {
      subjectId,
      readingTexts: [],
      questions: [
        { difficulty: "easy", text: "<p>\\(1 + 1\\)?</p>", choices },
        { difficulty: "easy", text: `<p>Hisoblang: ${DEEP}</p>`, choices },
      ],
      reason: "Yangi savollar",
    },
  });
  expect(json.status()).toBe(422);
  const refusal = await json.json();
  expect(refusal.validationErrors).toEqual({ "questions.1.text": ["Formula"] });
  expect(refusal.errors).toEqual([{ where: "2-savol", field: "text", message: expect.stringMatching(REFUSED) }]);

  const xlsx = await upload(subjectId, "xlsx", {
    name: "savollar.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook(["\\(1 + 1\\)?", `Hisoblang: ${DEEP}`]),
  });
  expect(xlsx.status()).toBe(422);
  expect((await xlsx.json()).errors).toEqual([{ where: "Savollar, 3-qator", field: "text", message: expect.stringMatching(REFUSED) }]);

  const escaped = DEEP.replace(/[{}]/g, (brace) => `\\${brace}`);
  const gift = await upload(subjectId, "gift", {
    name: "savollar.gift",
    mimeType: "text/plain",
    buffer: Buffer.from(`::Q1:: Oddiy \\(1+1\\) {=2 ~3}\n\n::Q2:: Hisoblang ${escaped} {=1 ~2 ~3}\n`),
  });
  expect(gift.status()).toBe(422);
  expect((await gift.json()).errors).toEqual([{ where: "2-savol", field: "text", message: expect.stringMatching(REFUSED) }]);

  const aiken = await upload(subjectId, "aiken", {
    name: "savollar.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`Oddiy \\(1+1\\)?\nA) 2\nB) 3\nANSWER: A\n\nHisoblang: ${DEEP}\nA) 1\nB) 2\nANSWER: A\n`),
  });
  expect(aiken.status()).toBe(422);
  expect((await aiken.json()).errors).toEqual([{ where: "6-qator", field: "text", message: expect.stringMatching(REFUSED) }]);

  expect(await bankSize(subjectId)).toBe(base);
});

test("the deep formula already in a bank: New, Get, the attempt page and the preview answer 200, it shown as plain text", async ({
  request,
}) => {
  // The bank's only easy question, which every paper draws, as stored past the import's checks.
  const olympiad = await newOlympiad(request, {
    bankPerDifficulty: 1,
    counts: { easy: 1, medium: 1, hard: 1 },
    storedText: `<p>Hisoblang: ${DEEP} va \\(1 + 1\\)</p>`,
  });
  const pupil = await signedIn(await newPupil(request, { subjectId: olympiad.subjectId }));
  try {
    const started = await pupil.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } });
    expect(started.status()).toBe(200);
    const { attemptId } = await started.json();
    const got = await pupil.get(`/api/TestAttempts/Get?id=${attemptId}`);
    expect(got.status()).toBe(200);
    const texts: string[] = (await got.json()).questions.map((q: { text: string }) => q.text);
    expect(texts).toContainEqual(expect.stringContaining(`<p>Hisoblang: <code>${NESTED}</code> va <span class="katex">`));

    // The page carries it (in its HTML or its data, which may come in pieces): a run of its braces.
    const page = await pupil.get(`/test-attempt/${attemptId}`);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("{".repeat(500));
  } finally {
    await pupil.dispose();
  }
  const preview = await organiser.get(`/admin/tests/${olympiad.testId}/preview`);
  expect(preview.status()).toBe(200);
  expect(await preview.text()).toContain(`<code>${NESTED}</code>`);
});
