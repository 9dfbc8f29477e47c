// The cheap phone's JavaScript budget (each page of its path ≤ 150 KB as sent, counted as
// bench/js-weight.mjs does), and the code left out of the page to meet it: loaded where it is
// used, and nothing lost when it cannot be.
import { COLD_CONTEXT, JS_BUDGET_KB, pageScripts, totalKB } from "../../bench/js-weight.mjs";
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { startAttempt } from "../support/ui";

test("the login, registration and attempt pages are each within the JavaScript budget, in every language @phone-only", async ({
  browser,
  page,
  request,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000);
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const attempt = await startAttempt(page, pupil, olympiad.pinCode);
  // The pupil's session and PIN, in a browser with nothing cached.
  const storageState = await page.context().storageState();

  const weights: string[] = [];
  for (const [pagePath, signedIn, language] of (["uz", "uz-Cyrl", "ru"] as const).flatMap((language) =>
    (
      [
        ["/login", false],
        ["/register", false],
        [attempt, true],
      ] as const
    ).map(([path, signedIn]) => [path, signedIn, language] as const),
  )) {
    // Each language's messages are the page's own: a script of that language alone.
    const path = `${pagePath}?lang=${language}`;
    const context = await browser.newContext({
      ...COLD_CONTEXT,
      baseURL,
      extraHTTPHeaders,
      isMobile: true,
      ...(signedIn ? { storageState } : {}),
    });
    const fresh = await context.newPage();
    const scripts = await pageScripts(fresh, `${baseURL}${path}`);
    const messages = scripts.filter((script) => script.url.includes("/i18n/"));
    expect(
      messages.map((script) => script.url),
      path,
    ).toEqual([expect.stringMatching(new RegExp(`^/i18n/${language}\\.`))]);
    const { sent } = totalKB(scripts);
    if (signedIn) await expect(fresh.getByRole("radio").first()).toBeVisible(); // the question, not the PIN dialog
    await context.close();
    weights.push(`${path}: ${sent.toFixed(1)} KB (messages ${(messages[0].sent / 1024).toFixed(1)} KB)`);
    expect(sent, weights.join(", ")).toBeLessThanOrEqual(JS_BUDGET_KB);
  }
});

test("a sign-in form whose schema cannot load is checked by the server, in Uzbek, the login kept", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Kirish" })).toBeEnabled();
  // Every script the page did not load with it now fails: the form's schema among them.
  await page.route("**/_next/static/chunks/**", (route) => route.abort());
  await page.getByLabel("Login").fill("a");
  await page.getByRole("button", { name: "Kirish" }).click();
  await expect(page.getByTestId("login-error")).toHaveText(/\S/);
  await expect(page.getByTestId("login-error")).not.toHaveText(/error|undefined/i);
  await expect(page.getByLabel("Login")).toHaveValue("a");
});

test("with the schema there, the sign-in form says what is missing before asking the server", async ({ page }) => {
  let asked = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/Identity/Login")) asked++;
  });
  await page.goto("/login");
  await page.getByRole("button", { name: "Kirish" }).click();
  await expect(page.getByText("Ushbu maydonni to'ldirish majburiy").first()).toBeVisible();
  expect(asked).toBe(0);
});

test("'Yakunlash' asks even offline: the dialog's code came with the first answer", async ({ page, request }) => {
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 } });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await startAttempt(page, pupil, olympiad.pinCode);
  const choice = page.getByRole("radio").first();
  await choice.click();
  await expect(choice).toHaveAttribute("data-state", "saved");
  await page.waitForLoadState("networkidle");

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Yakunlash" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Rostdan ham testni yakunlamoqchimisiz?");
  await dialog.getByRole("button", { name: "Bekor qilish" }).click();
  await expect(dialog).toBeHidden();
  await page.context().setOffline(false);
});

test("the scripts a page starts with ask to be compiled as they stream in (explicit compile hints)", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Kirish" })).toBeEnabled();
  expect(scripts.length).toBeGreaterThan(5);
  for (const url of scripts) {
    expect((await (await page.request.get(url)).text()).startsWith("//# allFunctionsCalledOnLoad\n"), url).toBe(true);
  }
});
