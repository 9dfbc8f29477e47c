// What an organiser looked for and did not find, now in the console (issue 22, item 14 and the
// smaller frictions of 13): today's tests on the board, help on each page, a printable PIN sheet,
// the test as a pupil sees it, "close now" with the subject's name typed, per-school lists of
// logins, the bank and the results opening on something, district headings, no pupil's profile.
import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil, ORGANISER, pupilTakes, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { TEST_ENV } from "../support/test-env";
import { signInAt } from "../support/ui";

const TOSHKENT_TUMANI = 1727220;

test("an organiser's day with the console's own tools", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 2 });
  for (const [firstName, lastName] of [
    ["Aziza", "Karimova"],
    ["Bobur", "Aliyev"],
  ]) {
    const pupil = await pupilTakes(request, olympiad, [true, false, true], { names: { firstName, lastName }, districtId: TOSHKENT_TUMANI });
    await pupil.session.dispose();
  }
  // A parent registers and pays as parents do: the pupil's password is kept for the lists.
  const guid = randomUUID();
  const subjects: { subjectId: number; grade: number; name: string }[] = await (await request.get("/api/Subjects/GetAll")).json();
  const registered = await request.post("/api/Registration/Register", {
    data: {
      guid,
      regionId: 1727,
      districtId: TOSHKENT_TUMANI,
      grade: 6,
      subjectId: subjects.find((s) => s.grade === 6)!.subjectId,
      firstName: "Lola",
      lastName: "Nazarova",
    },
  });
  expect(registered.status()).toBe(200);
  expect((await request.post("/api/payments/sandbox/confirm", { data: { guid, amountSom: 75_000 } })).status()).toBe(200);
  const listed = await (
    await request.get(`/api/bot/registrations/${guid}`, { headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` } })
  ).json();
  // One whose password an organiser reset (or a test pupil, made without one): told where to get it.
  const reset = await newPupil(request, { districtId: TOSHKENT_TUMANI, names: { firstName: "Olim", lastName: "Saidov" } });
  await signInAt(page, "/admin?all=1", ORGANISER);

  // The board: today's tests at a tick (this one is open today); the page's help unfolds.
  await page.getByLabel("Faqat bugungi testlar").check();
  await expect(page.getByTestId(`board-${olympiad.subjectId}`)).toBeVisible();
  await page.getByTestId("page-help").locator("summary").click();
  await expect(page.getByTestId("page-help")).toContainText("Faqat bugungi testlar");
  await screenshot(page, testInfo, "organiser-board-today");
  // The organiser's menu has no pupil's profile, and the pupil's profile page sends them to theirs.
  await expect(page.getByRole("link", { name: "Profil" })).toHaveCount(0);
  await page.goto("/update-profile");
  await expect(page).toHaveURL(/\/admin\/organisers$/);

  // Tests: at 1366 px nothing is clipped; the PIN sheet; the test as a pupil sees it.
  if (testInfo.project.name === "desktop") await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/admin/tests?all=1");
  const row = page.getByTestId(`test-row-${olympiad.subjectId}`);
  const lastLink = row.getByRole("link", { name: "Savollar statistikasi" });
  await lastLink.scrollIntoViewIfNeeded();
  const box = (await lastLink.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshot(page, testInfo, "organiser-tests");
  await page.getByRole("link", { name: "Pin kodlar varaqasi" }).click();
  await expect(page.getByTestId("pin-sheet")).toContainText(olympiad.pinCode);
  await screenshot(page, testInfo, "organiser-pin-sheet");
  await page.goto("/admin/tests?all=1");
  await row.getByRole("link", { name: "O'quvchi ko'zi bilan" }).click();
  await expect(page.getByTestId("preview-questions").locator("article")).toHaveCount(3);
  await expect(page.getByTestId("preview-questions")).not.toContainText("to'g'ri javob");
  await screenshot(page, testInfo, "organiser-test-preview");

  // Close now: only once the subject's name is typed exactly, and with a reason.
  await page.goto("/admin/tests?all=1");
  const { items } = await (await page.request.get("/api/admin/tests")).json();
  const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
  await row.getByTestId(`close-now-${olympiad.subjectId}`).click();
  const dialog = page.getByRole("dialog", { name: "Hozir yopish" });
  await expect(dialog).toContainText("Test shu daqiqada yopiladi");
  const send = dialog.getByRole("button", { name: "Hozir yopish" });
  await dialog.getByLabel(/^Tasdiqlash uchun fan nomini yozing/).fill(subjectName.slice(0, -1));
  await expect(send).toBeDisabled();
  await dialog.getByLabel(/^Tasdiqlash uchun fan nomini yozing/).fill(subjectName);
  await dialog.getByLabel(/^Sabab/).fill("Olimpiada yakunlandi");
  await screenshot(page, testInfo, "organiser-close-now");
  await send.click();
  await expect(page.getByText("Test yopildi")).toBeVisible();
  await expect(row.getByTestId(`close-now-${olympiad.subjectId}`)).toHaveCount(0);

  // Results open on the test that closed last: this one, unless another worker's test closed after it.
  await page.goto("/admin/results");
  const opened = Number(await page.getByLabel("Test", { exact: true }).inputValue());
  const inConsole = (await (await page.request.get("/api/admin/tests")).json()).items as {
    test: { testId: number; closedAt: string } | null;
  }[];
  const closedAt = (testId: number) => Date.parse(inConsole.find((s) => s.test?.testId === testId)!.test!.closedAt);
  expect(closedAt(opened)).toBeGreaterThanOrEqual(closedAt(olympiad.testId));
  expect(closedAt(opened)).toBeLessThanOrEqual(Date.now());
  if (opened !== olympiad.testId) await page.goto(`/admin/results?testId=${olympiad.testId}`);
  await expect(page.getByTestId("district-heading").filter({ hasText: "Toshkent viloyati" }).first()).toBeVisible();
  await screenshot(page, testInfo, "organiser-results-headings");

  // The bank shows a subject's questions without a search.
  await page.goto("/admin/questions");
  await expect(page.getByTestId("question-list").locator("article").first()).toBeVisible();

  // Pupils of a district: their logins and passwords, school by school, as XLSX; audited.
  await page.goto(`/admin/pupils?districtId=${TOSHKENT_TUMANI}`);
  await screenshot(page, testInfo, "organiser-pupils-logins");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("logins-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^loginlar_.+\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const rows = book
    .getWorksheet("Loginlar")!
    .getSheetValues()
    .map((r) => (Array.isArray(r) ? r.slice(1).map(String) : []));
  expect(rows[1][0]).toContain("o'quvchilarning login va parollari");
  expect(rows).toContainEqual(["Boshqa maktab"]);
  expect(rows.some((r) => r.includes(listed.username) && r.includes(listed.password) && r.includes("Nazarova Lola"))).toBe(true);
  expect(rows.some((r) => r.includes(reset.username) && r.includes("tashkilotchidan oling"))).toBe(true);
  await page.goto("/admin/audit");
  await expect(page.getByTestId("audit-table")).toContainText("Loginlar ro'yxati yuklab olindi");
  await expect(page.getByTestId("audit-table")).toContainText("Olimpiada yakunlandi");
});

test("the rehearsal's page: how to run it, and the last one's verdict with its figures", async ({ page }, testInfo) => {
  const organiser = await signedIn(ORGANISER);
  const rehearsal = await (await organiser.post("/api/admin/rehearsals", { data: { pupils: 2, opensInSeconds: 3600 } })).json();
  const report = {
    url: "https://olimpiada.example.uz",
    pupils: 2000,
    pageShare: 0.2,
    startSeconds: 24,
    firstQuestionP50Ms: 80,
    firstQuestionP99Ms: 5840,
    failed: 0,
    lost: 0,
    answers: 4000,
    sustainedStartsPerSecond: 41.5,
    peakStartsPerSecond: 160,
    registered: 6000,
    neededStartsPerSecond: 100,
    openingSeconds: 60,
    capacity: { startsPerSecond: 92.4, instances: [{ name: "app-1", cores: 2, cpuMsPerStart: 21.6, startsPerSecond: 92.4 }] },
    go: false,
  };
  expect((await organiser.put(`/api/admin/rehearsals/${rehearsal.rehearsalId}`, { data: report })).status()).toBe(200);
  await signInAt(page, "/admin/rehearsal", ORGANISER);
  await expect(page.getByRole("heading", { name: "Ochilish mashqi" })).toBeVisible();
  await expect(page.getByText("npm run ops:rehearsal -- --url")).toBeVisible();
  // Another suite's rehearsal may be the last one by now: then its verdict is the one shown.
  await expect(page.getByTestId("rehearsal-verdict")).toContainText(/tayyor|Namuna raqamlar/);
  const last = await (await organiser.get("/api/admin/rehearsals")).json();
  if (last.rehearsalId === rehearsal.rehearsalId) {
    await expect(page.getByTestId("rehearsal-verdict")).toHaveText(
      "Ochilishga tayyor emas: 6000 o'quvchi 60 soniyada boshlashi uchun 100,0 ta/s kerak; p99 ≤ 3 s 41,5 ta/s gacha saqlandi; o'lchangan xarajat bo'yicha sig'im 92,4 ta/s",
    );
    await expect(page.getByTestId("last-rehearsal")).toContainText("0,08 s / 5,84 s");
    await expect(page.getByTestId("last-rehearsal")).toContainText("Server app-1");
    await expect(page.getByTestId("last-rehearsal")).toContainText("2 yadro, bir boshlash 21,6 ms CPU, 92,4 ta/s");
    await screenshot(page, testInfo, "console-rehearsal");
  }
  await organiser.delete(`/api/admin/rehearsals/${rehearsal.rehearsalId}`);
  await organiser.dispose();
});
