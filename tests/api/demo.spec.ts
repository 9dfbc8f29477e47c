// `npm run demo` as a newcomer meets it: started as the README says (the embedded database, no
// PUBLIC_URL), its banner lists every account and link, and every after-test screen has something
// to show with no step of theirs: results, the screening's pair and its evidence, appeals decided
// and one waiting, the final list with its protocol and public page, the item statistics and a
// rehearsal's report. Opened at another of the machine's addresses (as a phone on the school's
// network opens it), the links and QR codes it hands out name that address.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "../support/fixtures";
import { exited, untilHealthy } from "../support/processes";

const port = Number(process.env.E2E_PORT ?? 3210) + 50;
/** Another address of this machine than the banner's localhost: what a phone beside it would open. */
const visitor = `http://127.0.0.2:${port}`;

// One demo, on one port, for both tests.
test.describe.configure({ mode: "serial" });

let demo: ChildProcess;
let banner = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The demo's own database (embedded, in memory), whatever the suites run on.
  const { DATABASE_URL: _shared, PUBLIC_URL: _public, ...env } = process.env;
  demo = spawn(process.execPath, ["scripts/demo.mjs"], {
    env: { ...env, PORT: String(port), PGLITE_DIR: "memory://", LOG_FILE: `/tmp/olimpiada-demo-${port}.log` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  demo.stdout?.setEncoding("utf8");
  demo.stdout?.on("data", (chunk: string) => {
    banner += chunk;
  });
  // The banner's last line, printed once the demo's data is in place.
  while (!banner.includes("stop:")) {
    const [chunk] = await Promise.race([once(demo.stdout!, "data"), once(demo, "exit").then(() => [null])]);
    if (chunk === null) throw new Error(`the demo ended before its banner:\n${banner}`);
  }
  // The banner is printed as the data is ready, just before the server listens.
  await untilHealthy(`http://127.0.0.1:${port}`);
});

test.afterAll(async () => {
  if (demo?.pid && demo.exitCode === null) {
    demo.kill("SIGTERM");
    await exited(demo);
  }
});

/** The banner line that starts with `label`, its text after the label. */
const line = (label: string) =>
  banner
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.startsWith(label))
    ?.slice(label.length)
    .trim() ?? "";

test("the banner lists every account and link, the Russian family's and the after-test screens' included", async ({ request }) => {
  for (const label of ["Russian family:", "where to look:", "final result:", "appeal waiting:", "organiser:", "pupil:"])
    expect(line(label), `${label} in the banner:\n${banner}`).not.toBe("");
  expect(line("Russian family:")).toContain("/register/00000000-0000-4000-8000-000000000003?lang=ru");
  // The demo runs with fiscal settings of its own (Click's receipts answered by a stand-in on loopback).
  expect(line("fiscal receipts:")).toBe("registered by Payme and Click");
  expect(line("payments register:")).toContain("/admin/payments");
  // Every address the banner prints answers.
  const addresses = [...new Set(banner.match(/http:\/\/localhost:\d+\/[^\s,)]*/g) ?? [])];
  expect(addresses.length).toBeGreaterThanOrEqual(8);
  for (const address of addresses) expect((await request.get(address)).status(), address).toBe(200);
});

test("every after-test screen shows the finished olympiad, and its links and QR codes follow the address opened", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const [organiser, password] = line("organiser:").split(/\s+\/\s+|\s+/);
  await page.goto(`${visitor}/login?returnUrl=${encodeURIComponent("/admin/results")}`);
  await page.getByLabel("Login", { exact: true }).fill(organiser);
  await page.getByLabel("Parol", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Kirish", exact: true }).click();
  await page.waitForURL(/\/admin\/results/);

  // The test that closed last (9-sinf Fizika, yesterday): its results, its screening's pair, its appeals.
  await expect(page.getByRole("heading", { name: "Natijalar" })).toBeVisible();
  await expect(page.getByRole("row").nth(5)).toBeVisible();
  await page.getByTestId("screening-link").click();
  await expect(page).toHaveURL(/\/screening\?from=results$/);
  // The way in was the results: the menu and the back link say so.
  await expect(page.getByRole("link", { name: "Natijalar", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("back-link")).toHaveText("Natijalarga qaytish");
  // The pupil who copied and the one copied (an honest pair may be listed too, at the screening's
  // false discovery rate: the papers are drawn at random).
  const pair = page.locator('tr[data-testid^="pair-"]').filter({ hasText: "Saidov Doniyor" }).filter({ hasText: "Yusupov Jahongir" });
  await expect(pair).toHaveCount(1);
  await pair.getByRole("link").first().click();
  await expect(page.getByTestId("save-timeline")).toBeVisible();
  await expect(page).toHaveURL(/from=results/);
  await page.goBack();
  await page.getByTestId("back-link").click();
  await expect(page).toHaveURL(/\/admin\/results\?testId=\d+$/);
  await page.getByTestId("appeals-link").click();
  await expect(page.getByTestId("undecided")).toHaveCount(1);
  await expect(page.getByTestId("list-state")).toBeVisible();

  // 9-sinf Matematika, two weeks ago, from the Tests page: its appeals decided, its list final.
  await page.goto(`${visitor}/admin/tests`);
  const row = page.getByRole("row").filter({ hasText: "9-sinf, Matematika" });
  await row.getByRole("link", { name: "Apellyatsiyalar" }).click();
  await expect(page.getByRole("link", { name: "Testlar", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("back-link")).toHaveText("Testlarga qaytish");
  await expect(page.getByTestId("undecided")).toHaveCount(0);
  await expect(page.getByTestId("question-appeals")).toHaveCount(2);
  const publicList = await page.getByTestId("public-list-link").getAttribute("href");
  await page.getByTestId("protocol-link").click();
  await page.getByTestId("protocol-chooser").getByLabel("Viloyat").selectOption({ index: 1 });
  await page.getByTestId("protocol-chooser").getByRole("button").click();
  // The QR code's address is the one this page was opened at, not the banner's localhost.
  await expect(page.getByTestId("protocol-sheets")).toContainText(`${visitor}/lists/`);
  await page.goto(`${visitor}${publicList}`);
  await expect(page.getByRole("table")).toHaveCount(4); // a district's top five each, four districts

  // The voided question shows as voided in the item statistics; the rehearsal has its report.
  await page.goto(`${visitor}/admin/tests`);
  await row.getByRole("link", { name: "Savollar statistikasi" }).click();
  await expect(page.locator('tbody[data-testid^="item-"]').filter({ hasText: "Bekor qilingan" })).toHaveCount(1);
  await page.goto(`${visitor}/admin/rehearsal`);
  // Its figures are the demo's examples: said so, never shown as a pass.
  await expect(page.getByTestId("rehearsal-verdict")).toHaveAttribute("data-state", "example");
  await expect(page.getByTestId("rehearsal-verdict")).toContainText("Namuna raqamlar");
  await expect(page.getByTestId("last-rehearsal")).not.toContainText("Ochilishga tayyor");

  // The family's page (no one signed in): the final result, and the certificate's address on the address opened.
  const family = await (await browser.newContext()).newPage();
  await family.goto(`${visitor}${new URL(line("final result:").split(/\s+/)[0]).pathname}`);
  await expect(family.getByRole("link", { name: new RegExp(`^${visitor}/cert/`) })).toBeVisible();
});

test("the demo's receipts: Payme's linked, Click's registered through the local stand-in and found in the Click app; the board says nothing is missing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${visitor}${new URL(line("paid registration:")).pathname}`);
  await expect(page.getByRole("link", { name: "Soliq idorasida ro'yxatdan o'tgan chekni ochish" })).toHaveAttribute(
    "href",
    /^https:\/\/ofd\.soliq\.uz\/check\?t=DEMO/,
  );
  // Click's, queued at the seed, is submitted by the receipts' job (every 10 s) to the stand-in, which accepts it.
  const russian = `${visitor}${new URL(line("Russian family:").split(/\s+/)[0]).pathname}?lang=ru`;
  await expect(async () => {
    await page.goto(russian);
    await expect(page.getByTestId("receipt")).toHaveAttribute("data-state", "registered", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId("receipt")).toContainText("он есть в истории платежей в приложении Click");
  await expect(page.getByTestId("receipt").getByRole("link")).toHaveCount(0);

  const [organiser, password] = line("organiser:").split(/\s+\/\s+|\s+/);
  // In Uzbek: the Russian family's page above chose Russian for this browser.
  await page.goto(`${visitor}/login?lang=uz&returnUrl=${encodeURIComponent("/admin")}`);
  await page.getByLabel("Login", { exact: true }).fill(organiser);
  await page.getByLabel("Parol", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Kirish", exact: true }).click();
  await page.waitForURL(/\/admin$/);
  await expect(page.getByTestId("board-updated")).toBeVisible();
  await expect(page.getByTestId("no-receipts")).toHaveCount(0);
});
