// The pages run in Chromium with the Content-Security-Policy on: the registration
// page with the card checkout script, sign-in, and the attempt page with its formulas, with no
// violation reported and each page doing its job.
import { expect, test } from "../support/fixtures";
import { newOlympiad, newPupil } from "../support/http";
import { signInAt } from "../support/ui";

const REGISTERED_DEMO_GUID = "00000000-0000-4000-8000-000000000001";

test("no policy violation from registration to the attempt page", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  await page.goto(`/register/${REGISTERED_DEMO_GUID}`);
  await expect(page.getByTestId("pay-card")).toBeEnabled(); // the checkout script loaded and ran

  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "1122" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  await signInAt(page, "/test-attempt", pupil);
  await page.getByRole("button", { name: "Testni boshlash" }).click();
  await page.getByLabel("Pin kod", { exact: true }).fill("1122");
  await page.getByRole("button", { name: "Boshlash" }).click();
  await page.waitForURL(/\/test-attempt\/\d+$/);
  await expect(page.locator(".katex").first()).toBeVisible(); // formulas typeset
  await page.getByRole("radio").first().click();
  await expect(page.getByTestId("save-state")).toHaveText(/Barcha javoblar saqlandi/);

  expect(violations).toEqual([]);
});
