// The organiser fills a subject's bank from the spreadsheet template in the browser: a file with
// bad rows is refused with its rows named, the fixed one is previewed as the pupil will see it and
// imported, its choices in the file's order; the same file again is found in the bank and adds nothing.
import ExcelJS from "exceljs";
import { expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

async function spreadsheet(correctOfSecond: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Savollar");
  sheet.addRow(["difficulty", "question", "reading_text", "A", "B", "C", "D", "E", "F", "correct"]);
  sheet.addRow(["oson", "Kvadrat ildiz: \\(\\sqrt{16}\\) nechaga teng?", "", "2", "4", "8", "16", "", "", "B"]);
  sheet.addRow(["o'rta", "H<sub>2</sub>O bu nima?", "", "Suv", "Tuz", "Shakar", "", "", "", correctOfSecond]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("an organiser imports a bank from .xlsx: first with a bad row, then fixed; the formula is typeset", async ({
  page,
  request,
}, testInfo) => {
  const olympiad = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  await signInAt(page, "/admin/questions", ORGANISER);
  await page.goto(`/admin/questions?subjectId=${olympiad.subjectId}`);
  const panel = page.getByTestId("question-import");
  const file = (buffer: Buffer) => ({
    name: "savollar.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });

  await panel.getByLabel("Fayl", { exact: true }).setInputFiles(file(await spreadsheet("Z")));
  await panel.getByRole("button", { name: "Tekshirish" }).click();
  await expect(panel.getByTestId("import-errors")).toContainText("1 ta xato topildi. Hech narsa import qilinmadi");
  await expect(panel.getByTestId("import-errors")).toContainText("Savollar, 3-qator");
  await expect(panel.getByRole("button", { name: "Import qilish" })).toBeDisabled();
  await screenshot(page, testInfo, "organiser-import-errors");

  await panel.getByLabel("Fayl", { exact: true }).setInputFiles(file(await spreadsheet("A")));
  await panel.getByRole("button", { name: "Tekshirish" }).click();
  await expect(panel.getByTestId("import-preview")).toHaveText("2 ta savol va 0 ta matn import qilinadi. Hech narsa saqlanmadi.");
  // The questions as the pupil will see them, before anything is saved: formula typeset, key marked.
  const previewed = panel.getByTestId("import-questions").locator("article");
  await expect(previewed).toHaveCount(2);
  await expect(previewed.first().locator(".katex").first()).toBeVisible();
  await expect(previewed.first().locator("li").nth(1)).toContainText("to'g'ri javob"); // B, as in the file
  await screenshot(page, testInfo, "organiser-import-preview");
  await expect(panel.getByRole("button", { name: "Import qilish" })).toBeDisabled(); // not without a reason
  await panel.getByLabel("Sabab").fill("Ikkinchi bosqich savollari");
  await panel.getByRole("button", { name: "Import qilish" }).click();
  const formula = page.getByTestId("question-list").locator("article", { hasText: "Kvadrat ildiz" });
  await expect(formula.locator(".katex").first()).toBeVisible();
  await expect(formula.getByText("to'g'ri javob")).toBeVisible();
  await expect(formula.locator("li").nth(1)).toContainText("to'g'ri javob"); // the bank keeps the file's order: B is B
  await screenshot(page, testInfo, "organiser-questions");

  // The same file again: the check says both are in the bank already and would add nothing; ticked, both again.
  await panel.getByLabel("Fayl", { exact: true }).setInputFiles(file(await spreadsheet("A")));
  await panel.getByRole("button", { name: "Tekshirish" }).click();
  await expect(panel.getByTestId("import-preview")).toHaveText(
    "0 ta savol va 0 ta matn import qilinadi. Hech narsa saqlanmadi. 2 ta savol bankda allaqachon bor: ular import qilinmaydi.",
  );
  await expect(panel.getByTestId("in-bank")).toHaveCount(2);
  await expect(panel.getByRole("button", { name: "Import qilish" })).toBeDisabled(); // nothing to add
  await screenshot(page, testInfo, "organiser-import-in-bank");
  await panel.getByLabel("Bankda bor savollarni ham qo'shish", { exact: false }).check();
  await expect(panel.getByTestId("import-preview")).toHaveCount(0); // checked again with the new choice
  await panel.getByRole("button", { name: "Tekshirish" }).click();
  await expect(panel.getByTestId("import-preview")).toContainText("2 ta savol bankda allaqachon bor: ular yana qo'shiladi.");
});

test("a two-language bank from the console: the template's Uzbek, Russian and Karakalpak columns, then each language's stock and preview", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const olympiad = await newOlympiad(request, { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } });
  await signInAt(page, "/admin/questions", ORGANISER);
  await page.goto(`/admin/questions?subjectId=${olympiad.subjectId}`);
  const panel = page.getByTestId("question-import");
  // The template as the organiser downloads it from this panel, filled in three languages.
  const template = await page.request.get((await panel.getByRole("link", { name: "Excel shablonini yuklab olish" }).getAttribute("href"))!);
  await panel.getByLabel("Fayl", { exact: true }).setInputFiles({
    name: "shablon.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await template.body()),
  });
  await expect(panel.getByLabel("Fayl tili")).toHaveValue("0");
  await panel.getByRole("button", { name: "Tekshirish" }).click();
  const previewed = panel.getByTestId("import-questions").locator("article");
  await expect(previewed).toHaveCount(2);
  await expect(previewed.first()).toContainText("Oson · O'zbek, Rus, Qoraqalpoq");
  await expect(previewed.nth(1)).toContainText("Qiyin · O'zbek");
  await screenshot(page, testInfo, "organiser-import-languages");
  await panel.getByLabel("Sabab").fill("Uch tildagi savollar");
  await panel.getByRole("button", { name: "Import qilish" }).click();

  // One question, three texts: the bank shows its languages and the other texts folded.
  const sum = page.getByTestId("question-list").locator("article", { hasText: "2 + 3 nechaga teng?" });
  await expect(sum.getByTestId("question-languages")).toHaveText("O'zbek · Rus · Qoraqalpoq");
  await sum.getByText("Rus", { exact: true }).click();
  await expect(sum).toContainText("Сколько будет 2 + 3?");
  await screenshot(page, testInfo, "organiser-question-languages");

  // The board: each language's stock against the test's counts (Russian is short of medium and hard).
  await page.goto("/admin?all=1");
  const tile = page.locator(`[data-testid="board-${olympiad.subjectId}"]`);
  await expect(tile.getByTestId("bank-0")).toContainText("O'zbek");
  await expect(tile.getByTestId("bank-1")).toContainText("Rus");
  await expect(tile.getByTestId("bank-1")).toContainText("Yetarli emas");
  await expect(tile.getByTestId("bank-0")).not.toContainText("Yetarli emas");
  await screenshot(page, testInfo, "organiser-board-languages");

  // The pupil's-eye preview per language: Uzbek draws; Russian is short, said as a pupil would be told.
  await page.goto(`/admin/tests/${olympiad.testId}/preview`);
  await expect(page.getByTestId("preview-questions").locator("li").first()).toBeVisible();
  await page.getByTestId("preview-languages").getByRole("link", { name: "Rus tili" }).click();
  await expect(page).toHaveURL(/language=1$/);
  await expect(page.locator("main").getByRole("alert")).toHaveText("Test savollar soni yetarli emas");
  await screenshot(page, testInfo, "organiser-preview-russian");
});
