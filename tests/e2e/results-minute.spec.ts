// The list's minute on a server of its own (its clock is moved on, and no other suite's with it): the
// organiser announces when the final list comes out, finalises it, and until that minute no family,
// pupil, certificate, chat-bot or public read shows who was selected while the console marks it
// "not public yet"; from the minute every one does. Bad minutes are refused in the organiser's language.
import type { ChildProcess } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import { ru as russian } from "@/lib/i18n/ru";
import { compile } from "@/shared/i18n/format";
import type { uz as uzbek } from "@/shared/i18n/uz";
import { formatTashkent, tashkentClock, tashkentDate } from "@/shared/time";
import { testSupportToken } from "../../playwright.config";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER, pupilTakes, signedIn } from "../support/http";
import { ownServer, untilHealthy } from "../support/processes";
import { inEveryLanguage } from "../support/screens";
import { TEST_ENV } from "../support/test-env";
import { signInAt } from "../support/ui";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 61;
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = ownServer(PORT, { PGLITE_DIR: "memory://" }, env);
  await untilHealthy(base);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

const MINUTE = 60_000;
const DISTRICT = 1726266; // the test pupils' district (Toshkent shahri)

/** The server's clock moved on to `instant` (never back): its time as it answers. */
async function clockAt(request: APIRequestContext, instant: number): Promise<number> {
  const moved = await request.post(`${base}/api/test-support/clock`, {
    headers: { Authorization: `Bearer ${testSupportToken}` },
    data: { aheadMs: Math.max(0, instant - Date.now()) },
  });
  expect(moved.status()).toBe(200);
  return Date.parse((await moved.json()).now);
}

test("@desktop-only the list's minute: announced, kept on every route until it comes, and every route at once from it", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const ru = compile<typeof uzbek>("ru", russian);
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
  const lola = await pupilTakes(request, olympiad, [true, true, false], { names: { firstName: "Lola", lastName: "Rahimova" } }, base);
  const organiser = await signedIn(ORGANISER, base);
  const { items } = await (await organiser.get("/api/admin/tests")).json();
  const subjectName = items.find((t: { subjectId: number }) => t.subjectId === olympiad.subjectId).subjectName;
  const closed = await organiser.post(`/api/admin/subjects/${olympiad.subjectId}/test/close`, {
    data: { confirmSubjectName: subjectName, reason: "Test tugadi" },
  });
  expect(closed.status()).toBe(200);
  const preview = async () => (await organiser.get(`/api/admin/tests/${olympiad.testId}/final`)).json();
  const { status } = await preview();
  const minute = Math.ceil((Date.parse(status.appealsCloseAt) + 60 * MINUTE) / MINUTE) * MINUTE;
  const minuteIso = new Date(minute).toISOString();
  const setMinute = (resultsAt: string | null, language = "uz") =>
    organiser.put(`/api/admin/tests/${olympiad.testId}/results-minute`, {
      headers: { "accept-language": language },
      data: { resultsAt, reason: "Natijalar kuni" },
    });

  // Bad minutes, refused with the field named; nothing is set.
  for (const [typed, code] of [
    ["ertaga", "Pattern"],
    ["31.02.2027 10:00", "Pattern"],
    ["x".repeat(41), "MaxLength"],
    [formatTashkent(new Date(Date.now() - 60 * MINUTE).toISOString()), "Range"],
  ] as const) {
    const refused = await setMinute(typed, "ru");
    expect(refused.status(), typed).toBe(422);
    expect((await refused.json()).validationErrors?.resultsAt?.[0]).toBe(code);
  }
  expect((await preview()).status.resultsAt).toBeNull();

  // The organiser announces the minute in the console (its form), with a reason.
  await signInAt(page, `/admin/tests/${olympiad.testId}/appeals`, ORGANISER);
  const form = page.getByTestId("results-minute-form");
  await form.locator("#results-minute-at").fill(formatTashkent(new Date(minute).toISOString()));
  await form.locator("#results-minute-reason").fill("Natijalar kuni e'lon qilindi");
  await form.getByTestId("results-minute-save").click();
  await expect(page.getByTestId("list-public")).toHaveAttribute("data-public", "false");
  expect((await preview()).status.resultsAt).toBe(new Date(minute).toISOString());

  // The appeal period passes on the server's clock; the organiser finalises.
  await clockAt(request, Date.parse(status.appealsCloseAt) + MINUTE);
  const ready = await preview();
  expect(ready.ready).toBe(true);
  const finalised = await organiser.post(`/api/admin/tests/${olympiad.testId}/final`, { data: { expectedTopHash: ready.topHash } });
  expect(finalised.status()).toBe(200);
  const hash = ready.topHash as string;
  const bot = () =>
    request.get(`${base}/api/bot/registrations/${lola.guid}`, { headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` } });
  const html = async (path: string) => (await request.get(`${base}${path}`)).text();

  // Before the minute, as families and the organiser see it (each screen in every language).
  await inEveryLanguage(page, testInfo, base, "results-minute-console", {
    path: `/admin/tests/${olympiad.testId}/appeals`,
    check: async () => {
      await expect(page.getByTestId("list-state")).toBeVisible();
      await expect(page.getByTestId("list-public")).toHaveAttribute("data-public", "false");
    },
  });
  const family = await browser.newPage();
  await inEveryLanguage(family, testInfo, base, "results-minute-family-before", {
    path: `/register/${lola.guid}`,
    check: async () => {
      await expect(family.getByTestId("list-announced")).toBeVisible();
      await expect(family.getByTestId("second-stage")).toHaveCount(0);
    },
  });
  await inEveryLanguage(family, testInfo, base, "results-minute-list-before", {
    path: `/lists/${hash}?district=${DISTRICT}`,
    check: async () => {
      await expect(family.getByTestId("final-list-not-yet")).toBeVisible();
      await expect(family.getByTestId("final-row")).toHaveCount(0);
    },
  });
  await expectAccessible(family, testInfo, "results-minute-list-before");
  await family.goto(`/register/${lola.guid}?lang=ru`);
  await expect(family.getByTestId("list-announced")).toHaveText(
    ru.finalList.announced({ date: tashkentDate(minuteIso), time: tashkentClock(minuteIso) }),
  );

  // Half a minute before it, every route at once: nobody outside the console reads who was selected.
  const before = await clockAt(request, minute - 30_000);
  expect(before).toBeLessThan(minute);
  const [familyPage, certificate, list, botBefore] = await Promise.all([
    html(`/register/${lola.guid}`),
    html(`/cert/${lola.username}`),
    html(`/lists/${hash}`),
    bot().then((r) => r.json()),
  ]);
  expect(familyPage).toContain('data-testid="list-announced"');
  expect(familyPage).not.toContain('data-testid="second-stage"');
  expect(certificate).not.toContain('data-testid="second-stage"');
  expect(list).toContain('data-testid="final-list-not-yet"');
  expect(list).not.toContain("Rahimova");
  expect(botBefore.secondStage).toEqual({
    state: "provisional",
    since: expect.any(String),
    selected: false,
    announcedAt: new Date(minute).toISOString(),
  });
  const pupil = await browser.newPage();
  await signInAt(pupil, "/test-attempt", lola);
  await expect(pupil.getByTestId("list-announced")).toBeVisible();
  await expect(pupil.getByTestId("second-stage")).toHaveCount(0);

  // From the minute: every route says it, in the same process's clock.
  const from = await clockAt(request, minute);
  expect(from).toBeGreaterThanOrEqual(minute);
  const [familyAfter, certificateAfter, listAfter, botAfter] = await Promise.all([
    html(`/register/${lola.guid}`),
    html(`/cert/${lola.username}`),
    html(`/lists/${hash}`),
    bot().then((r) => r.json()),
  ]);
  expect(familyAfter).toContain('data-testid="second-stage"');
  expect(familyAfter).not.toContain('data-testid="list-announced"');
  expect(certificateAfter).toContain('data-testid="second-stage"');
  expect(listAfter).toContain("Rahimova");
  expect(botAfter.secondStage).toMatchObject({ state: "final", selected: true, announcedAt: null });
  await pupil.reload();
  await expect(pupil.getByTestId("second-stage")).toBeVisible();
  // Once public the minute stays as families were shown it.
  const kept = await setMinute(formatTashkent(new Date(minute + 60 * MINUTE).toISOString()), "ru");
  expect(await kept.json()).toMatchObject({ code: 4021, message: ru.codes[4021] });
  await inEveryLanguage(page, testInfo, base, "results-minute-console-public", {
    path: `/admin/tests/${olympiad.testId}/appeals`,
    check: async () => {
      await expect(page.getByTestId("list-public")).toHaveAttribute("data-public", "true");
      await expect(page.getByTestId("results-minute-form")).toHaveCount(0);
    },
  });
  await Promise.all([family.close(), pupil.close(), organiser.dispose()]);
});
