// Screenshots of every screen a journey passes, per viewport, under tests/screenshots/ (not committed).
// A console list on a shared database can run to thousands of pixels: the picture keeps its top
// (what a person looks at), so its cost stays bounded whatever other tests have written.
import type { Page, TestInfo } from "@playwright/test";

const MAX_HEIGHT = 4000;

/** `viewport`: what is on screen now (a control scrolled to, far below a long list's top), not the top. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, { viewport = false } = {}): Promise<void> {
  const path = `tests/screenshots/${testInfo.project.name}/${name}.png`;
  if (viewport) return void (await page.screenshot({ path }));
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) },
  });
}

export const VIEWPORTS = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;
export const LANGUAGES = ["uz", "uz-Cyrl", "ru"] as const;

/**
 * A screen in each interface language at both sizes: opened (at `path`, else read again), `check`ed,
 * then its screenshots `${name}-${language}-${size}`; left in Uzbek at 1280 × 800. `base`: the
 * server's address the language's cookie is set for.
 */
export async function inEveryLanguage(
  page: Page,
  testInfo: TestInfo,
  base: string,
  name: string,
  { path, check }: { path?: string; check?: (language: (typeof LANGUAGES)[number]) => Promise<void> } = {},
) {
  const open = () => (path ? page.goto(path) : page.reload());
  for (const language of LANGUAGES) {
    await page.context().addCookies([{ name: "lang", value: language, url: base }]);
    await open();
    await check?.(language);
    for (const [size, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, testInfo, `${name}-${language}-${size}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().addCookies([{ name: "lang", value: "uz", url: base }]);
  await open();
}
