// The pupil's journey without a mouse (issue 27), in each interface language on both viewports:
// sign in, the PIN dialog (focus kept inside, given back on Escape), the choices as a radio group
// (arrows move, Space chooses, a letter key chooses at once), Oldingi/Keyingi and the grid, the
// finish dialog, the result and the review. At every stop of Tab the focus is seen (an outline)
// and not under the sticky bar (WCAG 2.4.7, 2.4.11). Only the keyboard acts: no click, no fill.

import { ru } from "@/lib/i18n/ru";
import { uzCyrl } from "@/lib/i18n/uz-Cyrl";
import { compile } from "@/shared/i18n/format";
import { uz } from "@/shared/i18n/uz";
import { expect, type Page, test } from "../support/fixtures";
import { newOlympiad, newPupil, SIX_QUESTIONS } from "../support/http";
import { screenshot } from "../support/screens";

const LANGUAGES = {
  uz: compile<typeof uz>("uz", uz),
  "uz-Cyrl": compile<typeof uz>("uz-Cyrl", uzCyrl),
  ru: compile<typeof uz>("ru", ru),
} as const;

type Focused = {
  name: string;
  role: string;
  outline: boolean;
  clear: boolean;
  inDialog: boolean;
  inView: boolean;
  over: string;
};

/** What has the focus: its name, whether its focus ring shows, whether it is clear of what sticks on top. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(async () => {
    // Where the focus settles: a dialog's trap may take a moment to bring it back inside.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    const y = rect.top + Math.min(rect.height / 2, 20);
    const top = document.elementFromPoint(x, y);
    return {
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim(),
      role: element.getAttribute("role") ?? element.tagName.toLowerCase(),
      outline: (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none",
      clear: top !== null && (element.contains(top) || top.contains(element)),
      inDialog: element.closest("[role=dialog]") !== null,
      inView: element === document.body || (rect.width > 0 && y >= 0 && y < window.innerHeight),
      over: top?.outerHTML.slice(0, 120) ?? `nothing at ${x}, ${y}`,
    };
  });
}

/**
 * The focus once the page has settled around it: the browser has scrolled the focused element into
 * view (a page still laying itself out, or a busy machine, scrolls a frame or more after the key).
 * What covers it is read in the same look, so nothing moves between the two. Content that arrives
 * above the element after the browser scrolled to it (a panel's code, a notice) can push it out of
 * view for good: then it is brought back as focus brings it (scrollIntoView, "nearest", with the
 * page's scroll-padding for the sticky bar), which is what the check below is about.
 */
async function settled(page: Page): Promise<Focused> {
  let now = await focused(page);
  const inView = async () => {
    now = await focused(page);
    return now.inView;
  };
  try {
    await expect.poll(inView, { message: `${now.role} "${now.name}" is scrolled into view`, timeout: 5_000 }).toBe(true);
  } catch {
    await page.evaluate(() => document.activeElement?.scrollIntoView({ block: "nearest", inline: "nearest" }));
    await expect.poll(inView, { message: `${now.role} "${now.name}" is scrolled into view once more` }).toBe(true);
  }
  return now;
}

/** A dialog opened: the focus has moved into it (Radix moves it once the dialog is mounted). */
async function focusMovesIn(page: Page): Promise<void> {
  await expect.poll(async () => (await focused(page)).inDialog, { message: "the focus moves into the dialog" }).toBe(true);
}

/** Tab, `times` over, never leaves the open dialog. */
async function tabStaysInDialog(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press("Tab");
    expect((await focused(page)).inDialog, "Tab stays in the dialog").toBe(true);
  }
}

/** Presses Tab (or Shift+Tab) until `wanted` has the focus, checking every stop on the way. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, { back = false, max = 60 } = {}): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await settled(page);
    if (now.role === "body") continue;
    expect(now.outline, `focus ring on ${now.role} "${now.name}"`).toBe(true);
    expect(now.clear, `${now.role} "${now.name}" is not under the sticky bar (over it: ${now.over})`).toBe(true);
    if (wanted(now)) return now;
  }
  throw new Error("never reached by Tab");
}

for (const [language, m] of Object.entries(LANGUAGES) as [keyof typeof LANGUAGES, (typeof LANGUAGES)["uz"]][]) {
  test(`the pupil's journey by keyboard alone in ${language}`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const olympiad = await newOlympiad(request, SIX_QUESTIONS);
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const radios = page.getByRole("radio");

    // Sign in: the login, the password, Enter.
    await page.goto(`/login?lang=${language}`);
    await tabTo(page, (f) => f.role === "input" && f.name === "");
    await expect(page.getByLabel(m.login.username, { exact: true })).toBeFocused();
    await page.keyboard.type(pupil.username);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(m.login.password, { exact: true })).toBeFocused();
    await page.keyboard.type(pupil.password);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: m.testAttempt.title })).toBeVisible();

    // The PIN dialog: focus in the field, kept inside, given back on Escape.
    const start = page.getByRole("button", { name: m.testAttempt.start });
    await expect(start).toBeEnabled();
    await tabTo(page, (f) => f.name === m.testAttempt.start);
    await page.keyboard.press("Enter");
    const pin = page.getByRole("dialog", { name: m.testAttempt.pinTitle });
    await expect(pin.getByLabel(m.testAttempt.pinLabel, { exact: true })).toBeFocused();
    await tabStaysInDialog(page, 6);
    await page.keyboard.press("Escape");
    await expect(pin).toBeHidden();
    await expect(start).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(pin.getByLabel(m.testAttempt.pinLabel, { exact: true })).toBeFocused();
    await page.keyboard.type("4321");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/test-attempt\/\d+$/);

    // The choices: one stop of Tab; the arrows move without choosing, Space chooses.
    await expect(radios.first()).toBeEnabled();
    await tabTo(page, (f) => f.role === "radio");
    await expect(radios.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(radios.nth(1)).toBeFocused();
    await expect(radios.nth(1)).toHaveAttribute("aria-checked", "false");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(radios.nth(3)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(radios.nth(3)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText(m.attempt.allSaved)).toBeVisible();
    // A letter chooses at once, and is announced as the choice's shortcut; the hint tells of it on a desktop.
    await expect(radios.nth(2)).toHaveAttribute("aria-keyshortcuts", "C");
    await page.keyboard.press("c");
    await expect(radios.nth(2)).toHaveAttribute("aria-checked", "true");
    await expect(radios.nth(2)).toBeFocused();
    await expect(radios.nth(3)).toHaveAttribute("aria-checked", "false");
    if (testInfo.project.name === "desktop") await expect(page.getByTestId("keyboard-hint")).toContainText("A–D");
    await screenshot(page, testInfo, `keyboard-${language}-choice`);

    // Keyingi, then the grid: the next stop after the group is Keyingi (Oldingi is off on question 1).
    await tabTo(page, (f) => f.name === m.attempt.next);
    // Elsewhere on the page a letter is only a letter (WCAG 2.1.4).
    await page.keyboard.press("b");
    await expect(radios.nth(1)).toHaveAttribute("aria-checked", "false");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: m.attempt.question({ n: 2, total: 6 }) })).toBeVisible();
    await tabTo(page, (f) => f.role === "button" && f.name.startsWith("4"));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: m.attempt.question({ n: 4, total: 6 }) })).toBeVisible();
    // Back up to the choices with Shift+Tab: the reading text's question, answered by its letter.
    await tabTo(page, (f) => f.role === "radio", { back: true });
    await page.keyboard.press("KeyA");
    await expect(radios.first()).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText(m.attempt.allSaved)).toBeVisible();
    await tabTo(page, (f) => f.name === m.attempt.previous);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: m.attempt.question({ n: 3, total: 6 }) })).toBeVisible();

    // The finish dialog: kept inside, given back on Escape, then confirmed.
    const finishButton = page.getByRole("button", { name: m.attempt.finish });
    await tabTo(page, (f) => f.name === m.attempt.finish, { back: true });
    await page.keyboard.press("Enter");
    const finish = page.getByRole("dialog");
    await expect(finish).toContainText(m.attempt.unanswered({ count: 4 }));
    await focusMovesIn(page);
    await tabStaysInDialog(page, 4);
    await page.keyboard.press("Escape");
    await expect(finish).toBeHidden();
    await expect(finishButton).toBeFocused();
    await page.keyboard.press("Enter");
    await focusMovesIn(page);
    await tabTo(page, (f) => f.inDialog && f.name === m.attempt.finish);
    await page.keyboard.press("Enter");

    // The result, then the review by its link.
    await expect(page.getByText(m.testAttempt.resultTitle)).toBeVisible();
    await tabTo(page, (f) => f.name === m.testAttempt.review);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: m.attempt.back })).toBeVisible();
    // In review only the answered questions can be opened: 1 and 4.
    await tabTo(page, (f) => f.role === "button" && f.name.startsWith("4"));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: m.attempt.question({ n: 4, total: 6 }) })).toBeVisible();
  });
}
