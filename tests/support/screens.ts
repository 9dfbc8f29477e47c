// Screenshots of every screen a journey passes, per viewport, under tests/screenshots/ (not committed).
import type { Page, TestInfo } from "@playwright/test";

export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `tests/screenshots/${testInfo.project.name}/${name}.png`, fullPage: true });
}
