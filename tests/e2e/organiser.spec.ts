// The organiser runs the day from the console: sets a test's window and PIN in
// Tashkent time, watches the board while a pupil starts, gives that pupil extra minutes (their
// timer shows them), resets another pupil's password and signs in with it, blocks a pupil (their
// next answer is refused), and reads the audit log. Screenshots of every console screen.
import { FIRST_SHOWN } from "@/components/console/first-of";
import { expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, ORGANISER, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

test("an organiser runs the day from the console", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(180_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 10, medium: 10, hard: 10 }, bankPerDifficulty: 10 });
  const tested = await newPupil(request, { subjectId: olympiad.subjectId, names: { firstName: "Jasur", lastName: "Toshpulatov" } });
  await signInAt(page, "/admin?all=1", ORGANISER);

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

  // Tests: the page renders no other page until asked (no prefetch of each row's preview and items).
  const rendered: string[] = [];
  page.on("request", (request) => {
    if (/\/admin\/(tests\/\d+|results)/.test(request.url())) rendered.push(request.url());
  });
  await page.goto("/admin/tests?all=1");
  const links = page.getByTestId(`test-links-${olympiad.subjectId}`);
  await expect(links.getByRole("link")).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  expect(rendered).toEqual([]);
  // The window and PIN in Tashkent time; a bad window is refused under its field.
  await page.getByTestId(`test-row-${olympiad.subjectId}`).getByRole("button", { name: "Tahrirlash" }).click();
  const form = page.getByTestId("test-form");
  await expect(form.getByTestId("total-points")).toHaveText("Jami ball: 50,0");
  await expect(form.getByTestId("running-warning")).toContainText("1 ta o'quvchi test ishlamoqda");
  // Other counts to the same 50 points (12 × 1 + 12 × 1,5 + 8 × 2,5): refused below, a pupil has started.
  await form.getByLabel("Oson savollar soni").fill("12");
  await form.getByLabel("O'rta savollar soni").fill("12");
  await form.getByLabel("Qiyin savollar soni").fill("8");
  await expect(form.getByTestId("total-points")).toHaveText("Jami ball: 50,0");
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
  // A pupil has started: the counts, like the points, are no longer the organiser's to change.
  await expect(page.getByText(/savollar soni va ballarini endi o'zgartirib bo'lmaydi/).first()).toBeVisible();
  for (const level of ["Oson", "O'rta", "Qiyin"]) await form.getByLabel(`${level} savollar soni`).fill("10");
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
  // "End the attempt now": its dialog says what happens, not its title again; cancelled here.
  await page.getByTestId("end-attempt").click();
  const end = page.getByRole("dialog", { name: "Testni hozir yakunlash" });
  await expect(end).toHaveAccessibleDescription(/saqlangan javoblari baholanadi/);
  await expect(end.getByText("O'quvchining testi darhol tugaydi", { exact: false })).toBeVisible();
  await end.getByRole("button", { name: "Bekor qilish" }).click();
  await expect(end).toHaveCount(0);
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

test("the tests table fits 1280 × 800 beside the open menu: every action on screen, no sideways scroll, the grade kept after a save", async ({
  page,
  request,
}, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, "/admin/tests?all=1", ORGANISER);
  expect((await page.locator("aside").boundingBox())?.width).toBeGreaterThan(200); // the menu is open
  const table = page.getByTestId("tests-table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const frame = table.locator("xpath=..");
  const layout = () =>
    frame.evaluate((scroller) => {
      const inside = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.left >= 0 && box.right <= window.innerWidth;
      };
      return {
        sideways: scroller.scrollWidth - scroller.clientWidth,
        scrolled: scroller.scrollLeft,
        cut: [...scroller.querySelectorAll("tbody a, tbody button")].filter((action) => !inside(action)).map((a) => a.textContent),
        rowsOnScreen: [...scroller.querySelectorAll("tbody tr")].filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight)
          .length,
        rows: scroller.querySelectorAll("tbody tr").length,
      };
    });
  const before = await layout();
  expect(before.sideways).toBeLessThanOrEqual(0);
  expect(before.cut).toEqual([]);
  // Many tests on one screen (there were 4 of 20).
  expect(before.rowsOnScreen).toBeGreaterThanOrEqual(Math.min(8, before.rows));
  await screenshot(page, testInfo, "organiser-tests-1280");

  // A save: the row still shows its grade and subject, where they were, the table not scrolled away.
  const row = page.getByTestId(`test-row-${olympiad.subjectId}`);
  await row.getByRole("button", { name: "Tahrirlash" }).click();
  const form = page.getByTestId("test-form");
  for (const label of ["Oson savollar soni", "O'rta savollar soni", "Qiyin savollar soni"]) await form.getByLabel(label).fill("10"); // 50 points
  await form.getByLabel(/^Pin kod/).fill("5678");
  await form.getByLabel("Sabab").fill("Pin kod almashtirildi");
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(form).toHaveCount(0);
  await expect(row.locator("td").nth(2)).toHaveText("5678");
  const subject = row.locator("td").first();
  await expect(subject).toContainText(`${olympiad.grade}-sinf, `);
  const box = (await subject.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  const after = await layout();
  expect([after.sideways <= 0, after.scrolled, after.cut]).toEqual([true, 0, []]);
});

test("on a phone the board's counts stay inside their tiles, «Заблокированы» too @phone-only", async ({ page, request }, testInfo) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, "/admin", ORGANISER);
  await page.goto("/admin?lang=ru&all=1");
  const tile = page.getByTestId(`board-${olympiad.subjectId}`);
  const blocked = tile.getByTestId("count-blocked").locator("xpath=..");
  await expect(blocked.locator("dt")).toHaveText("Заблокированы");
  // The text's own box (a range over it: an element's box does not grow with text spilling out of it).
  const textBox = (cell: Element) => {
    const range = document.createRange();
    range.selectNodeContents(cell.querySelector("dt")!);
    const { left, right, top, bottom } = range.getBoundingClientRect();
    return { left, right, top, bottom };
  };
  const label = await blocked.evaluate(textBox);
  const cell = (await blocked.boundingBox())!;
  const card = (await tile.boundingBox())!;
  expect(label.left).toBeGreaterThanOrEqual(cell.x);
  expect(label.right).toBeLessThanOrEqual(cell.x + cell.width);
  expect(label.bottom).toBeLessThanOrEqual(cell.y + cell.height);
  expect(cell.x + cell.width).toBeLessThanOrEqual(card.x + card.width);
  // Every count of the tile, and the page never sideways.
  const spilling = await tile.evaluate((section) =>
    [...section.querySelectorAll("dl > div")]
      .filter((div) => {
        const range = document.createRange();
        range.selectNodeContents(div.querySelector("dt")!);
        const [text, box] = [range.getBoundingClientRect(), div.getBoundingClientRect()];
        return text.left < box.left || text.right > box.right;
      })
      .map((div) => div.querySelector("dt")!.textContent),
  );
  expect(spilling).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, testInfo, "organiser-board-ru-phone");
});

// The board and the tests list draw an olympiad's worth of subjects, whatever the database holds
// (the suites make a subject each): the rest come with one press, kept in the address.
test("the board and the tests list draw the first 48 subjects, and all of them on asking, in every language", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const organiser = await signedIn(ORGANISER);
  const subjects = async () => ((await (await organiser.get("/api/admin/tests")).json()).items as unknown[]).length;
  for (let missing = FIRST_SHOWN + 1 - (await subjects()); missing > 0; missing -= 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, missing) }, () => newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } })),
    );
  }
  const total = await subjects();
  await signInAt(page, "/admin", ORGANISER);
  for (const [language, words] of Object.entries({ uz: "Hammasini ko'rsatish", "uz-Cyrl": "Ҳаммасини кўрсатиш", ru: "Показать все" })) {
    for (const [path, item] of [
      ["/admin", "section[data-testid^=board-]"],
      ["/admin/tests", "tr[data-testid^=test-row-]"],
    ]) {
      await page.goto(`${path}?lang=${language}`);
      await expect(page.locator(item)).toHaveCount(FIRST_SHOWN);
      const all = page.getByTestId("show-all");
      await expect(all).toHaveText(new RegExp(`^${words} \\((\\d+)\\)$`));
      expect(Number(/\d+/.exec((await all.textContent()) ?? "")?.[0])).toBeGreaterThanOrEqual(total);
      // Scrolled to in the page itself: the page may render again meanwhile (its board refreshes,
      // the language's switch settles), and a handle taken a moment before would be gone.
      await page.evaluate(() => document.querySelector('[data-testid="show-all"]')?.scrollIntoView({ block: "center" }));
      await expect(all).toBeInViewport();
      await screenshot(page, testInfo, `organiser-show-all${path.replaceAll("/", "-")}-${language}`, { viewport: true });
      await all.click();
      await expect(page).toHaveURL(/[?&]all=1$/);
      await expect(page.getByTestId("show-all")).toHaveCount(0);
      expect(await page.locator(item).count()).toBeGreaterThanOrEqual(total);
    }
  }
  await organiser.dispose();
});
