// The pupil on a cheap phone over 3G (400 kbit/s, 400 ms round trip, cold cache): before the
// attempt page's script has run, nothing on it is dead or false — the clock shows the server's
// time, no raw TeX, nothing called saved, and a tap on a choice is visibly impossible (disabled,
// dimmed) rather than silently lost. Then the page takes over and the same tap is saved.
import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { screenshot } from "../support/screens";
import { clockSeen, recordClock, signInAt, startAttempt } from "../support/ui";

/** The slow network: 400 kbit/s each way, 400 ms round trip; no browser cache. */
async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  return cdp;
}

// A phone's first visit: no service worker has kept anything yet (it would serve the held scripts).
test.use({ serviceWorkers: "block" });

const seconds = (clock: string) => clock.split(":").reduce((total, part) => total * 60 + Number(part), 0);

test("throttled 3G: before the script runs the page is truthful and a tap is visibly impossible; then it is saved @phone-only", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 }, durationMinutes: 45 });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await startAttempt(page, pupil, olympiad.pinCode);
  await expect(page.getByRole("radio").first()).toBeEnabled();
  const attemptUrl = page.url();

  // A cold load over 3G, with the page's scripts held back until the page has been looked at.
  await recordClock(page);
  await throttle(page);
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/_next/static/chunks/**", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const attemptId = attemptUrl.split("/").pop();
  const remainingNow = async (): Promise<number> =>
    (await (await page.request.get(`/api/TestAttempts/GetRemainingTime?attemptId=${attemptId}`)).json()).remainingTime;
  // The server asked before the page is rendered: the server's clock in the page shows no more.
  const before = await remainingNow();
  await page.goto(attemptUrl, { waitUntil: "commit" });
  await expect(page.getByRole("radio").first()).toBeVisible({ timeout: 30_000 });

  const remainingTime = await remainingNow();
  const clock = (await page.getByTestId("timer").textContent())!;
  expect(clock).not.toBe("00:01:00");
  expect(seconds(clock)).toBeGreaterThan(remainingTime - 60);
  expect(seconds(clock)).toBeLessThanOrEqual(before);
  await expect(page.locator("body")).not.toContainText(/\\\(|\$\$/, { useInnerText: true });
  await expect(page.locator(".katex").first()).toBeAttached(); // typeset by the server
  await expect(page.getByTestId("save-state")).not.toContainText("saqlandi");
  await expect(page.getByTestId("save-state")).toHaveText("Yuklanmoqda...");
  await expect(page.getByRole("radio").nth(1)).toBeDisabled();
  await expect(page.getByRole("radiogroup")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("button", { name: "Yakunlash" })).toBeDisabled();
  await screenshot(page, testInfo, "slow-before-script");
  // The tap lands on a disabled choice: nothing happens, and nothing will pretend it did.
  await page.getByRole("radio").nth(1).tap({ force: true });

  release();
  await expect(page.getByRole("radio").nth(1)).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);
  await expect(page.getByRole("radio").nth(1)).toHaveAttribute("aria-checked", "false");
  await page.getByRole("radio").nth(1).tap();
  await expect(page.getByRole("radio").nth(1)).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("radio").nth(1)).toHaveAttribute("data-state", "saved", { timeout: 20_000 });
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);
  await screenshot(page, testInfo, "slow-after-script");
  // KaTeX's fonts swap in: a fallback font shows the formula at once instead of hiding it for up to
  // three seconds while they arrive (KaTeX ships font-display: block).
  const displays = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter(
        (rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule && rule.style.getPropertyValue("font-family").includes("KaTeX"),
      )
      .map((rule) => rule.style.getPropertyValue("font-display")),
  );
  expect(displays.length).toBeGreaterThan(0);
  expect(new Set(displays)).toEqual(new Set(["swap"]));

  // From the first paint to now the clock never showed a placeholder minute.
  const seen = await clockSeen(page);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).not.toContain("00:01:00");
  for (const text of seen) expect(seconds(text)).toBeGreaterThan(remainingTime - 120);
});

test("a small phone (360×640): the sticky bar stays one short line above the options, online and offline @phone-only", async ({
  page,
  request,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await expect(page.getByTestId("before-start")).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/small-phone/start.png`, fullPage: true });
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill(olympiad.pinCode);
  await page.getByRole("button", { name: "Boshlash" }).click();
  await expect(page.getByRole("radio").first()).toBeEnabled();

  const bar = page.getByTestId("save-state").locator("..");
  /** Whether the finger at the bar's middle touches the bar once an option is scrolled right under it. */
  const onTop = async () => {
    const box = (await bar.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    return page
      .getByRole("radio")
      .last()
      .evaluate(
        (option, [x, y]) => {
          document.body.style.paddingBottom = "100vh"; // room to scroll the last option that far up
          const { top, height } = option.getBoundingClientRect();
          window.scrollBy(0, top + height / 2 - y);
          const bar = document.querySelector('[data-testid="save-state"]')!.parentElement!;
          return option.contains(document.elementFromPoint(x, y))
            ? "option"
            : bar.contains(document.elementFromPoint(x, y))
              ? "bar"
              : "other";
        },
        [x, y],
      );
  };

  await page.getByRole("radio").nth(1).click();
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);
  expect(await onTop()).toBe("bar");
  await page.screenshot({ path: `tests/screenshots/small-phone/attempt.png` });

  await context.setOffline(true);
  await page.getByRole("radio").nth(2).click();
  await expect(page.getByTestId("save-state")).toContainText("Aloqa yo'q: 1 ta qurilmada");
  expect((await bar.boundingBox())!.height).toBeLessThan(90); // one line of text, not eight
  expect(await onTop()).toBe("bar");
  await page.screenshot({ path: `tests/screenshots/small-phone/offline.png` });
  await screenshot(page, testInfo, "small-phone-offline");
  await context.setOffline(false);
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/, { timeout: 20_000 });
});
