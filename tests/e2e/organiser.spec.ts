// The organiser runs the day from the console (DESIGN §8): sets a test's window and PIN in
// Tashkent time, watches the board while a pupil starts, gives that pupil extra minutes (their
// timer shows them), resets another pupil's password and signs in with it, blocks a pupil (their
// next answer is refused), and reads the audit log. Screenshots of every console screen.
import { expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

test("an organiser runs the day from the console", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(180_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  const tested = await newPupil(request, { subjectId: olympiad.subjectId, names: { firstName: "Jasur", lastName: "Toshpulatov" } });
  await signInAt(page, "/admin", ORGANISER);

  // The board: this subject's tile, open, nobody started yet.
  const tile = page.locator(`[data-testid="board-${olympiad.subjectId}"]`);
  await expect(tile.getByTestId("board-state")).toHaveText("Ochiq");
  await expect(tile.getByTestId("count-started")).toHaveText("0");
  await screenshot(page, testInfo, "organiser-board");

  // The pupil starts in their own browser: the board counts it without a reload.
  const pupilContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pupilPage = await pupilContext.newPage();
  await signInAt(pupilPage, "/test-attempt", tested);
  await pupilPage.getByRole("button", { name: "Testni boshlash" }).click();
  await pupilPage.getByLabel("Pin kod", { exact: true }).fill(olympiad.pinCode);
  await pupilPage.getByRole("button", { name: "Boshlash" }).click();
  await pupilPage.waitForURL(/\/test-attempt\/\d+$/);
  await expect(pupilPage.getByTestId("timer")).toHaveText(/^01:(29|30):\d\d$/); // 90 minutes
  // The organiser looks at the board again (a hidden tab does not poll: refetchIntervalInBackground).
  await page.bringToFront();
  await expect(tile.getByTestId("count-started")).toHaveText("1", { timeout: 25_000 }); // polled every 5 s
  await expect(tile.getByTestId("count-inProgress")).toHaveText("1");

  // Tests: the window and PIN in Tashkent time; a bad window is refused under its field.
  await page.goto("/admin/tests");
  await page.getByTestId(`test-row-${olympiad.subjectId}`).getByRole("button", { name: "Tahrirlash" }).click();
  const form = page.getByTestId("test-form");
  await expect(form.getByTestId("total-points")).toHaveText("Jami ball: 5.0");
  await expect(form.getByTestId("running-warning")).toContainText("1 ta o'quvchi test ishlamoqda");
  await form.getByLabel("Oson savollar soni").fill("10");
  await form.getByLabel("O'rta savollar soni").fill("10");
  await form.getByLabel("Qiyin savollar soni").fill("10");
  await expect(form.getByTestId("total-points")).toHaveText("Jami ball: 50.0");
  await form.getByLabel(/^Yopilish vaqti/).fill("01.01.2020 10:00");
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(form.getByText("Yopilish vaqti ochilish vaqtidan keyin bo'lishi kerak")).toBeVisible();
  await screenshot(page, testInfo, "organiser-test-form-error");
  await expect(form.getByLabel(/^Sertifikatdagi sana/)).toHaveAttribute("placeholder", "kk.oo.yyyy");
  // Fixed, and confirmed with the subject's name (a pupil is testing): saved.
  await form.getByLabel(/^Yopilish vaqti/).fill("01.01.2099 10:00");
  const subjectName = (await page.getByRole("dialog").getByRole("heading").textContent())?.replace(/^\d+-sinf, /, "") ?? "";
  await form.getByLabel(/^Tasdiqlash uchun fan nomini yozing/).fill(subjectName);
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(form.getByText("Sababini yozing (kamida 3 ta belgi)")).toBeVisible(); // every act says why
  await form.getByLabel("Sabab").fill("Yopilish vaqti uzaytirildi");
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(page.getByText("Test saqlandi")).toBeVisible();
  await expect(page.getByTestId(`test-row-${olympiad.subjectId}`)).toContainText("01.01.2099 10:00");

  // Pupils: find the one testing, give 10 extra minutes; their timer follows at the next refetch.
  await page.goto("/admin/pupils");
  await page.getByRole("searchbox").fill(tested.username);
  await page.getByRole("button", { name: "Qidirish" }).click();
  await page.getByRole("link", { name: "Toshpulatov Jasur" }).click();
  await expect(page.getByTestId("pupil-name")).toContainText("Toshpulatov Jasur");
  await page.getByTestId("extra-minutes").click();
  const extra = page.getByRole("dialog", { name: "Qo'shimcha vaqtni saqlash" });
  await extra.getByLabel("Qo'shimcha vaqt (daqiqa)").fill("10");
  await extra.getByRole("button", { name: "Qo'shimcha vaqtni saqlash" }).click();
  await expect(extra.getByText("Sababini yozing (kamida 3 ta belgi)")).toBeVisible(); // a reason is required
  await extra.getByLabel(/^Sabab/).fill("Kech kirdi, internet uzildi");
  await extra.getByRole("button", { name: "Qo'shimcha vaqtni saqlash" }).click();
  await expect(page.getByTestId("extra-minutes-value")).toHaveText("10");
  await screenshot(page, testInfo, "organiser-pupil");
  await pupilPage.reload(); // the pupil's next refetch
  await expect(pupilPage.getByTestId("timer")).toHaveText(/^01:(39|40):\d\d$/); // and 10 more

  // Another pupil's password: the new one is shown once, and signs that pupil in.
  const forgetful = await newPupil(request, { names: { firstName: "Malika", lastName: "Qodirova" } });
  await page.goto(`/admin/pupils/${forgetful.userId}`);
  await page.getByTestId("reset-password").click();
  const reset = page.getByRole("dialog", { name: "Parolni tiklash" });
  await reset.getByLabel(/^Sabab/).fill("Parolini unutibdi");
  await reset.getByRole("button", { name: "Parolni tiklash" }).click();
  const password = (await reset.getByTestId("new-password").textContent()) ?? "";
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  await screenshot(page, testInfo, "organiser-new-password");
  await reset.getByRole("button", { name: "Bajarildi" }).click();
  const newSession = await signedIn({ username: forgetful.username, password });
  expect((await newSession.get("/api/Identity/GetCurrentUser")).status()).toBe(200);
  await newSession.dispose();

  // Block the pupil who is testing: their open page is told at once and leaves the attempt.
  await page.goto(`/admin/pupils/${tested.userId}`);
  await page.getByTestId("block").click();
  const block = page.getByRole("dialog", { name: "Bloklash" });
  await block.getByLabel(/^Sabab/).fill("Boshqa o'quvchi uchun ishlamoqda");
  await block.getByRole("button", { name: "Bloklash" }).click();
  await expect(page.getByTestId("pupil-name")).toContainText("Bloklangan");
  await expect(pupilPage.getByText("Sizning akkauntingiz tashkilotchi tomonidan bloklangan", { exact: false })).toBeVisible();
  await pupilPage.waitForURL((url) => url.pathname === "/login");

  // The audit log: each action, who did it and why.
  await page.goto("/admin/audit");
  const audit = page.getByTestId("audit-table");
  await expect(audit).toContainText("Boshqa o'quvchi uchun ishlamoqda");
  await expect(audit).toContainText("Parolini unutibdi");
  await expect(audit).toContainText("Kech kirdi, internet uzildi");
  await expect(audit).toContainText(ORGANISER.username);
  // Names, linked, and what changed in words (not ids, keys or JSON in UTC).
  await expect(audit.getByRole("link", { name: `Toshpulatov Jasur (${tested.username})` }).first()).toHaveAttribute(
    "href",
    `/admin/pupils/${tested.userId}`,
  );
  await expect(audit).toContainText("0 daqiqa → 10 daqiqa");
  await expect(audit).toContainText("01.01.2099 10:00");
  await expect(audit).not.toContainText("pupil.");
  await screenshot(page, testInfo, "organiser-audit");

  for (const path of ["/admin/registrations", "/admin/organisers", "/admin/tests"]) {
    await page.goto(path);
    await screenshot(page, testInfo, `organiser-${path.split("/").pop()}`);
  }
  await pupilContext.close();
  expect(await anonymous()).toBeTruthy();
});
