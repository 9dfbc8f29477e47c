// axe-core on a screen: WCAG 2.0, 2.1 and 2.2, A and AA, no violation allowed. What axe could not
// decide ("incomplete": contrast over an image or a gradient, say) is written beside the
// screenshots (tests/screenshots/axe/), for the person who checks it by hand (docs/accessibility.md).
import { mkdir, writeFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The page as it stands passes every WCAG A and AA rule axe has; `screen` names it in the reports. */
export async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  // A page reached in place (a link of the app) gets its title with the route's metadata, a moment
  // after its content: the title must come, and then axe looks.
  await expect(page).toHaveTitle(/\S/);
  // A button is disabled, at half opacity, until the page's JavaScript takes over: axe skips it then,
  // but would read it enabled and still half-faded if React hydrated it mid-check.
  await expect(page.locator("[data-hydrating]")).toHaveCount(0);
  // A colour half-way through its transition (a button just enabled, hovered or re-rendered) is no
  // one's contrast: with reduced motion the page's transitions end at once (app/globals.css), and
  // those already running are waited for.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only what failed or could not be decided is reported in full: the passes' details (every
  // node of a console table) cost more than the check. Legacy mode runs axe in the page itself,
  // without the blank page the default opens per call to gather frames' results: half the time,
  // and the pages have no cross-origin frames to gather (the payment providers are redirects).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations", "incomplete"] }) // before withTags: options() replaces what withTags set
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  const brief = (items: typeof results.violations) =>
    items.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map((node) => ({ target: node.target.join(" "), summary: node.failureSummary })),
    }));
  if (results.incomplete.length > 0) {
    const folder = `tests/screenshots/axe/${testInfo.project.name}`;
    await mkdir(folder, { recursive: true });
    await writeFile(`${folder}/${screen}.json`, JSON.stringify(brief(results.incomplete), null, 2));
  }
  // Soft: one run names every screen that fails, not only the first.
  expect.soft(brief(results.violations), `axe on ${screen}`).toEqual([]);
}
