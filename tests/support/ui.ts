// Browser steps the journeys share.
import { expect, type Locator, type Page } from "@playwright/test";
import type { Credentials } from "./http";

/** The sign-in form's words in each language. */
const SIGN_IN_WORDS = {
  uz: { username: "Login", password: "Parol", submit: "Kirish" },
  ru: { username: "Логин", password: "Пароль", submit: "Войти" },
  "uz-Cyrl": { username: "Логин", password: "Пароль", submit: "Кириш" },
} as const;

/** Types the login and password and presses "Kirish" (or its twin), waiting for the server's answer. */
export async function fillLogin(
  page: Page,
  { username, password }: Credentials,
  language: keyof typeof SIGN_IN_WORDS = "uz",
): Promise<void> {
  const words = SIGN_IN_WORDS[language];
  await page.getByLabel(words.username, { exact: true }).fill(username);
  await page.getByLabel(words.password, { exact: true }).fill(password);
  const answered = page.waitForResponse("**/api/Identity/Login");
  await page.getByRole("button", { name: words.submit, exact: true }).click();
  await answered;
}

export async function signInAt(
  page: Page,
  path: string,
  credentials: Credentials,
  language: keyof typeof SIGN_IN_WORDS = "uz",
): Promise<void> {
  await page.goto(`/login?returnUrl=${encodeURIComponent(path)}`);
  await fillLogin(page, credentials, language);
  await page.waitForURL((url) => `${url.pathname}${url.search}`.startsWith(path));
}

/** Signs in to the start page and starts the test with its PIN; the attempt page's path. */
export async function startAttempt(page: Page, pupil: Credentials, pinCode: string): Promise<string> {
  await signInAt(page, "/test-attempt", pupil);
  await pressStart(page, pinCode);
  await page.waitForURL(/\/test-attempt\/\d+$/);
  return new URL(page.url()).pathname;
}

/** "Testni boshlash", the PIN, "Boshlash". */
export async function pressStart(page: Page, pinCode: string): Promise<void> {
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill(pinCode);
  await page.getByRole("button", { name: "Boshlash" }).click();
}

/**
 * Answers the first two calls to `url` as a saturated server does (503, Retry-After 1 s); gives
 * how many it has refused so far.
 */
export async function refuseTwice(page: Page, url: string, message = ""): Promise<() => number> {
  let refused = 0;
  await page.route(url, async (route) => {
    if (refused < 2) {
      refused++;
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "1" },
        contentType: "application/json",
        body: JSON.stringify({ code: null, message, validationErrors: {}, busy: true, position: 12, waitSeconds: 45 }),
      });
    } else await route.continue();
  });
  return () => refused;
}

/**
 * Once `toast` (one of sonner's) has slid in: mounted, and its transitions and those of what it
 * holds finished. A screenshot before then catches it half-way.
 */
export async function settled(toast: Locator): Promise<void> {
  await expect(toast).toHaveAttribute("data-mounted", "true");
  // getAnimations brings the styles up to date first: the transition the attribute starts is among them.
  await toast.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Records in the page every text the clock shows, from the first paint of each page load on. */
export async function recordClock(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { clockSeen: string[] }).clockSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="timer"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The texts the clock has shown since the page loaded (recordClock). */
export function clockSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { clockSeen: string[] }).clockSeen);
}
