// Browser steps the journeys share.
import type { Page } from "@playwright/test";
import type { Credentials } from "./http";

/** Types the login and password and presses "Kirish", waiting for the server's answer. */
export async function fillLogin(page: Page, { username, password }: Credentials): Promise<void> {
  await page.getByLabel("Login").fill(username);
  await page.getByLabel("Parol").fill(password);
  const answered = page.waitForResponse("**/api/Identity/Login");
  await page.getByRole("button", { name: "Kirish" }).click();
  await answered;
}

export async function signInAt(page: Page, path: string, credentials: Credentials): Promise<void> {
  await page.goto(`/login?returnUrl=${encodeURIComponent(path)}`);
  await fillLogin(page, credentials);
  await page.waitForURL((url) => url.pathname.startsWith(path));
}
