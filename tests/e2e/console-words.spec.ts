// The console's words after a test, at a laptop's 1280 beside the menu, in each language: an
// appeal decision's dry run and the toast after applying count the same pupils, and the dry run's
// five columns fit; the reason is asked in the languages its appellants read (a Russian-school
// pupil's alone: Russian, first, and enough); a rehearsal's example figures are never shown as a pass.
import { EXAMPLE_REHEARSAL_REPORT } from "@/lib/rehearsal/example-report";
import { baseURL } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, type Olympiad, ORGANISER, signedIn } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

type Question = { testAttemptQuestionId: number; questionChoices: { questionChoiceId: number; text: string }[] };

/** A pupil of `language` (0 Uzbek, 1 Russian) who answers as told (true: the key; false: the choice "… N.1") and finishes. */
async function takes(request: APIRequestContext, olympiad: Olympiad, answers: boolean[], lastName: string, language: 0 | 1) {
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId, names: { firstName: "Sinov", lastName }, language });
  const session = await signedIn(pupil);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language, pinCode: olympiad.pinCode } })).json();
  const { questions }: { questions: Question[] } = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  for (const [i, right] of answers.entries()) {
    // The key's text has no ".N" at its end; the wrong ones end in ".1", ".2", ".3".
    const choice = questions[i].questionChoices.find((c) => (right ? !/\.\d$/.test(c.text) : c.text.endsWith(".1")))!;
    expect(
      (
        await session.post("/api/TestAttempts/Answer", {
          data: { testAttemptQuestionId: questions[i].testAttemptQuestionId, answerId: choice.questionChoiceId },
        })
      ).ok(),
    ).toBe(true);
  }
  expect((await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } })).ok()).toBe(true);
  return { session, questions };
}

/** Whether the element's box lies within the box of `within` (no column cut off). */
async function fitsIn(page: Page, selector: string, within: string) {
  const [inner, outer] = await Promise.all([page.locator(selector).boundingBox(), page.locator(within).boundingBox()]);
  return inner !== null && outer !== null && inner.x + inner.width <= outer.x + outer.width + 0.5;
}

for (const language of ["uz", "uz-Cyrl", "ru"] as const) {
  test(`the appeals' decisions at 1280 (${language}): one count in the dry run and the toast, it fits, the reason in the appellants' languages @desktop-only`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Easy 1, medium 1.5, hard 2.5; the first question of each difficulty in Russian too.
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1, translated: { 1: 1 } });
    const aziza = await takes(request, olympiad, [true, false, false], "Karimova", 0); // 1, 3rd
    const boris = await takes(request, olympiad, [true, true, false], "Ivanov", 1); // 2.5, 2nd
    await takes(request, olympiad, [false, true, true], "Yusupova", 0); // 4, 1st
    const organiser = await signedIn(ORGANISER);
    const { items } = await (await organiser.get("/api/admin/tests")).json();
    const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
    const closed = await organiser.post(`/api/admin/subjects/${olympiad.subjectId}/test/close`, {
      data: { confirmSubjectName: subjectName, reason: "Test tugadi" },
    });
    expect(closed.status()).toBe(200);
    // Appeals open for long: another journey may move the server's clock past the usual period.
    const far = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Tashkent",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date(Date.now() + 180 * 86_400_000));
    const part = (type: string) => far.find((p) => p.type === type)?.value;
    const appealsCloseAt = `${part("day")}.${part("month")}.${part("year")} ${part("hour")}:${part("minute")}`;
    const extended = await organiser.put(`/api/admin/tests/${olympiad.testId}/appeals-close`, {
      data: { appealsCloseAt, reason: "Uzoq muddat" },
    });
    expect(extended.status(), await extended.text()).toBe(200);
    // Both appeal the hard question (3); Boris, of a Russian school, the easy one (1) alone.
    const appeal = async (session: APIRequestContext, q: Question, text: string) => {
      const sent = await session.post("/api/TestAttempts/Appeals", {
        data: { testAttemptQuestionId: q.testAttemptQuestionId, kind: "key", text },
      });
      expect(sent.status(), await sent.text()).toBe(200);
    };
    await appeal(aziza.session, aziza.questions[2], "«xato 1.1» ham to'g'ri");
    await appeal(boris.session, boris.questions[2], "«1.1» тоже верен");
    await appeal(boris.session, boris.questions[0], "Условие неясно");

    await page.context().addCookies([{ name: "lang", value: language, url: baseURL }]);
    await signInAt(page, `/admin/tests/${olympiad.testId}/appeals`, ORGANISER, language);
    const groups = page.getByTestId("question-appeals");
    await expect(groups).toHaveCount(2);
    const hard = groups.filter({ has: page.locator('[data-testid="appealed-by"]', { hasText: "2" }) });
    const easy = groups.filter({ hasNot: page.locator('[data-testid="appealed-by"]', { hasText: "2" }) });

    // The hard question: an Uzbek-school and a Russian-school pupil appealed: both reasons, Uzbek first.
    await expect(hard.getByTestId("reason-languages")).toHaveAttribute("data-languages", "uz ru");
    await hard.locator('input[name="outcome"][value="also"]').check();
    const alsoCorrect = await hard.getByTestId("choice").filter({ hasText: "1.1" }).first().getAttribute("data-choice-id");
    await hard.locator('select[name="choiceId"]').selectOption(alsoCorrect ?? "");
    await hard.locator('textarea[name="reason"]').fill("Masala shartida ikkala javob ham to'g'ri.");
    await hard.locator('textarea[name="reasonRu"]').fill("По условию задачи верны оба ответа.");
    await hard.getByTestId("decide").click();
    const dryRun = hard.getByTestId("decision-dry-run");
    await expect(dryRun.getByTestId("regrade-changes")).toBeVisible();
    // Aziza 1 → 3.5 (stays 3rd), Boris 2.5 → 5 (2nd → 1st), Dilnoza keeps 4 (1st → 2nd): three change, one of them by place alone.
    await expect(dryRun.getByTestId("regrade-changed")).toHaveAttribute("data-count", "3");
    // The five columns fit the form: the last heading is inside the box, nothing to scroll sideways.
    expect(await fitsIn(page, '[data-testid="new-rank-heading"]', '[data-testid="decision-dry-run"]')).toBe(true);
    const scroller = dryRun.getByTestId("regrade-changes").locator("xpath=..");
    expect(await scroller.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await screenshot(page, testInfo, `console-decision-dry-run-1280-${language}`);
    await hard.getByTestId("decide").click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "2" });
    await expect(toast).toContainText("3");
    await expect(hard.getByTestId("decide")).toHaveCount(0);

    // The easy question: Boris alone, of a Russian school: Russian first and needed; the Uzbek one is not.
    await expect(easy.getByTestId("reason-languages")).toHaveAttribute("data-languages", "ru");
    const reasons = easy.locator("textarea");
    await expect(reasons.first()).toHaveAttribute("name", "reasonRu");
    await easy.locator('input[name="outcome"][value="reject"]').check();
    await easy.locator('textarea[name="reason"]').fill("Kalit to'g'ri.");
    await easy.getByTestId("decide").click();
    await expect(easy.locator(`#q${await easy.getAttribute("data-question-id")}-reason-ru-error`)).toBeVisible();
    await expect(easy.getByTestId("decide")).toHaveCount(1);
    await easy.locator('textarea[name="reason"]').fill("");
    await easy.locator('textarea[name="reasonRu"]').fill("Условие однозначно: верен только один ответ.");
    await screenshot(page, testInfo, `console-decision-russian-school-${language}`);
    await easy.getByTestId("decide").click();
    await expect(easy.getByTestId("decide")).toHaveCount(0);
    // Boris reads it in Russian; the decision has no Uzbek reason, and is not refused for it.
    const view = await (await boris.session.get("/api/TestAttempts/Appeals", { headers: { "Accept-Language": "ru" } })).json();
    expect(JSON.stringify(view.appeals)).toContain("Условие однозначно: верен только один ответ.");
    await organiser.dispose();
  });
}

test("a rehearsal's example figures are said to be examples, never shown as a pass @desktop-only", async ({ page }, testInfo) => {
  const organiser = await signedIn(ORGANISER);
  /** A rehearsal of this test's, with the report: the last one, which the page shows. */
  const ours = async () => {
    const made = await organiser.post("/api/admin/rehearsals", { data: { pupils: 1, opensInSeconds: 3600 } });
    expect(made.status()).toBe(200);
    const { rehearsalId: id } = await made.json();
    expect((await organiser.put(`/api/admin/rehearsals/${id}`, { data: EXAMPLE_REHEARSAL_REPORT })).status()).toBe(200);
    return id as number;
  };
  const made = [await ours()];
  await signInAt(page, "/admin/rehearsal", ORGANISER);
  for (const language of ["uz", "uz-Cyrl", "ru"] as const) {
    await page.context().addCookies([{ name: "lang", value: language, url: baseURL }]);
    const verdict = page.getByTestId("rehearsal-verdict");
    // Another suite's rehearsal may have become the last one: then this test's is made again.
    await expect(async () => {
      const last = await (await organiser.get("/api/admin/rehearsals")).json();
      if (last.rehearsalId !== made.at(-1)) made.push(await ours());
      await page.goto("/admin/rehearsal");
      await expect(verdict).toHaveAttribute("data-state", "example", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Amber, not the pass's green; and none of the pass's words.
    await expect(verdict).not.toHaveClass(/emerald/);
    await expect(verdict).not.toContainText(/Ochilishga tayyor|Очилишга тайёр|Готово к открытию/);
    await screenshot(page, testInfo, `console-rehearsal-example-${language}`);
  }
  for (const id of made) expect((await organiser.delete(`/api/admin/rehearsals/${id}`)).status()).toBe(200);
  await organiser.dispose();
});
