// Screenshots of every screen a journey passes, per viewport, under tests/screenshots/ (not committed).
// A console list on a shared database can run to thousands of pixels: the picture keeps its top
// (what a person looks at), so its cost stays bounded whatever other tests have written.
import type { Page, TestInfo } from "@playwright/test";

const MAX_HEIGHT = 4000;

export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  await page.screenshot({
    path: `tests/screenshots/${testInfo.project.name}/${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) },
  });
}
