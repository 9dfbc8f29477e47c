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

test("the offline shell: one copy for every pupil, a fresh nonce on each answer, and a script slipped into it does not run", async ({
  page,
  request,
}) => {
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
  const [first, second] = [await request.get("/offline-shell"), await request.get("/offline-shell")];
  const [policy, other] = [first.headers()["content-security-policy"], second.headers()["content-security-policy"]];
  const scripts = policy.split(";").find((directive) => directive.trim().startsWith("script-src "))!;
  expect(scripts).toContain("'strict-dynamic'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(nonceOf(policy)).not.toBe("");
  expect(nonceOf(policy)).not.toBe(nonceOf(other)); // never the same nonce twice
  const [html, otherHtml] = [await first.text(), await second.text()];
  // Every script of the page carries its answer's nonce; the page is otherwise the same copy.
  expect(html.match(/<script\b[^>]*>/g)?.every((tag) => tag.includes(`nonce="${nonceOf(policy)}"`))).toBe(true);
  expect(html.replaceAll(nonceOf(policy), "")).toBe(otherHtml.replaceAll(nonceOf(other), ""));

  // In the browser, as served with a script and a handler slipped in: the page's own scripts run
  // (it says nothing is kept for this address), the slipped ones do not.
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(event.violatedDirective),
    );
  });
  await page.route("**/offline-shell", async (route) => {
    const served = await route.fetch();
    const slipped = '<script>window.slipped = true</script><img src="/slipped.png" onerror="window.slipped = true">';
    await route.fulfill({ response: served, body: (await served.text()).replace(/<body[^>]*>/, (body) => `${body}${slipped}`) });
  });
  await page.goto("/offline-shell");
  await expect(page.getByText("Internet aloqasi yo'q va bu test qurilmada saqlanmagan.", { exact: false })).toBeVisible();
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { slipped?: boolean }).slipped)).toBeUndefined();
});
