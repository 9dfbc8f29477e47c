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
