// The list's minute on a server of its own (its clock is moved on, and no other suite's with it): the
// organiser announces when the final list comes out, finalises it, and until that minute no family,
// pupil, certificate, chat-bot or public read shows who was selected while the console marks it
// "not public yet"; from the minute every one does. Bad minutes are refused in the organiser's language.
import type { ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { APIRequestContext } from "@playwright/test";
import ExcelJS from "exceljs";
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

// The chat-bot's stand-in: it keeps each event the server's job sends, whether its signature was
// the bot's secret's, and acknowledges it.
const received: { id: number; guid: string; kind: string; signed: boolean }[] = [];
const bot = createServer((incoming, answer) => {
  let body = "";
  incoming.on("data", (chunk) => (body += chunk));
  incoming.on("end", () => {
    const event = JSON.parse(body);
    const signature = `sha256=${createHmac("sha256", TEST_ENV.BOT_API_TOKEN).update(body).digest("hex")}`;
    received.push({ id: event.id, guid: event.guid, kind: event.kind, signed: incoming.headers["x-olimpiada-signature"] === signature });
    answer.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: event.id }));
  });
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await new Promise<void>((resolve) => bot.listen(PORT + 1, "127.0.0.1", resolve));
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = ownServer(PORT, { PGLITE_DIR: "memory://", BOT_WEBHOOK_URL: `http://127.0.0.1:${PORT + 1}/events` }, env);
  await untilHealthy(base);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  bot.closeAllConnections();
  bot.close();
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
  const olympiad = await newOlympiad(request, { counts: { easy: 2, medium: 2, hard: 2 }, bankPerDifficulty: 2 });
  // Eleven pupils of one district, each with a score of their own: five on the list, Sardor and
  // Kamola the first reserves (6th, 7th), Jasur 11th, past the reserves.
  const takes = (answers: number[], firstName: string) =>
    pupilTakes(request, olympiad, answers.map(Boolean), { names: { firstName, lastName: "Sinovov" } }, base);
  const [lola, bobur, , , , sardor, , , , , jasur] = await Promise.all([
    takes([1, 1, 1, 1, 1, 1], "Lola"),
    takes([1, 0, 1, 1, 1, 1], "Bobur"),
    takes([1, 1, 1, 0, 1, 1], "Dilshod"),
    takes([0, 0, 1, 1, 1, 1], "Nodira"),
    takes([1, 1, 1, 1, 1, 0], "Otabek"),
    takes([1, 1, 0, 0, 1, 1], "Sardor"),
    takes([1, 0, 1, 1, 1, 0], "Kamola"),
    takes([1, 1, 1, 0, 1, 0], "Zarina"),
    takes([0, 0, 1, 1, 1, 0], "Umid"),
    takes([1, 1, 1, 1, 0, 0], "Feruza"),
    takes([1, 1, 0, 0, 1, 0], "Jasur"),
  ]);
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
  const botRead = (guid = lola.guid) =>
    request.get(`${base}/api/bot/registrations/${guid}`, { headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` } });
  const bot = () => botRead();
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
  expect(list).not.toContain("Sinovov Lola");
  expect(botBefore.secondStage).toEqual({
    state: "provisional",
    since: expect.any(String),
    selected: false,
    announcedAt: new Date(minute).toISOString(),
  });
  // The public pages are kept by now (lib/kept-pages.mjs), copies that hold until the minute:
  // the reads below at the minute show that they are not served past it.
  const keptCopy = async (path: string) => (await request.get(`${base}${path}`)).headers()["x-kept"];
  expect(await keptCopy(`/cert/${lola.username}`)).toBe("1");
  expect(await keptCopy(`/lists/${hash}`)).toBe("1");
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
  expect(listAfter).toContain("Sinovov Lola");
  // Kept again, now as public.
  expect(await keptCopy(`/lists/${hash}`)).toBe("1");
  expect(await html(`/lists/${hash}`)).toContain("Sinovov Lola");
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

  // The invitations: the server's sweep tells the list once its minute has come.
  const invitationOf = async (guid: string) => (await (await botRead(guid)).json()).invitation;
  await expect
    .poll(() => invitationOf(lola.guid), { timeout: 60_000, message: "the list's families told" })
    .toMatchObject({ state: "invited" });
  expect(await invitationOf(sardor.guid)).toEqual({ kind: "reserve", position: 1 });
  expect(await invitationOf(jasur.guid)).toBeNull();
  await inEveryLanguage(family, testInfo, base, "results-day-family-selected", {
    path: `/register/${lola.guid}`,
    check: async () => {
      await expect(family.getByTestId("invitation")).toHaveAttribute("data-state", "invited");
      await expect(family.getByTestId("invitation-deadline")).toBeVisible();
      await expect(family.getByTestId("second-stage")).toBeVisible();
    },
  });
  await expectAccessible(family, testInfo, "results-day-family-selected");
  await inEveryLanguage(family, testInfo, base, "results-day-family-reserve", {
    path: `/register/${sardor.guid}`,
    check: async () => {
      await expect(family.getByTestId("invitation-reserve")).toBeVisible();
      await expect(family.getByTestId("not-selected")).toBeVisible();
    },
  });
  await inEveryLanguage(family, testInfo, base, "results-day-family-not-selected", {
    path: `/register/${jasur.guid}`,
    check: async () => {
      await expect(family.getByTestId("invitation")).toHaveCount(0);
      await expect(family.getByTestId("not-selected")).toBeVisible();
    },
  });

  // Bad answers, refused in the family's language, nothing changed.
  const answer = (guid: string, data: unknown, language = "uz") =>
    request.post(`${base}/api/registrations/${guid}/invitation`, { headers: { "accept-language": language }, data });
  const notInvited = await answer(jasur.guid, { answer: "confirm" }, "ru");
  expect(await notInvited.json()).toMatchObject({ code: 4022, message: ru.codes[4022] });
  expect((await answer(lola.guid, { answer: "maybe" })).status()).toBe(422);
  expect((await answer("00000000-0000-4000-8000-00000000dead", { answer: "confirm" })).status()).toBe(404);
  const forged = await request.post(`${base}/api/bot/registrations/${bobur.guid}/invitation`, {
    headers: { Authorization: "Bearer not-the-bot" },
    data: { answer: "decline" },
  });
  expect(forged.status()).toBe(401);
  expect(await invitationOf(bobur.guid)).toMatchObject({ state: "invited" });

  // Bobur's family confirms through the chat-bot; Lola's declines on its page, asked once more.
  const confirmed = await request.post(`${base}/api/bot/registrations/${bobur.guid}/invitation`, {
    headers: { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` },
    data: { answer: "confirm" },
  });
  expect((await confirmed.json()).invitation).toMatchObject({ state: "confirmed" });
  await family.goto(`/register/${lola.guid}`);
  await family.getByTestId("invitation-decline").click();
  await family.getByTestId("invitation-decline-confirmed").click();
  await expect(family.getByTestId("invitation")).toHaveAttribute("data-state", "declined");
  await expect(family.getByTestId("invitation-answered")).toBeVisible();
  await inEveryLanguage(family, testInfo, base, "results-day-family-declined");
  const twice = await answer(lola.guid, { answer: "confirm" }, "ru");
  expect(await twice.json()).toMatchObject({ code: 4024, message: ru.codes[4024] });
  // The place passed to the district's first reserve, told on its page.
  expect(await invitationOf(sardor.guid)).toMatchObject({ kind: "invited", state: "invited", fromReserve: true });
  await inEveryLanguage(family, testInfo, base, "results-day-family-from-reserve", {
    path: `/register/${sardor.guid}`,
    check: async () => {
      await expect(family.getByTestId("invitation")).toHaveAttribute("data-state", "invited");
    },
  });

  // The roster in the console, and the camp's file.
  await inEveryLanguage(page, testInfo, base, "results-day-roster", {
    path: `/admin/tests/${olympiad.testId}/invitations`,
    check: async () => {
      const district = page.getByTestId("invitations-district");
      await expect(district.locator('[data-count="confirmed"]')).toHaveText("1");
      await expect(district.locator('[data-count="declined"]')).toHaveText("1");
      await expect(district.locator('[data-count="fromReserve"]')).toHaveText("1");
      await expect(page.getByTestId("invitation-row")).toHaveCount(6);
    },
  });
  await expectAccessible(page, testInfo, "results-day-roster");
  const file = await organiser.get(`/api/admin/tests/${olympiad.testId}/invitations/export`);
  expect(file.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await file.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.getRow(2).values).toContain("Ota-onaning telefoni");
  expect(sheet.rowCount).toBe(2 + 6);

  // The chat-bot was told every move of Lola's, in order, signed with its secret.
  await expect
    .poll(() => received.filter((e) => e.guid === lola.guid).map((e) => e.kind), { timeout: 30_000, message: "the webhook told" })
    .toEqual(["list.selected", "invitation.sent", "invitation.answered"]);
  expect(received.every((e) => e.signed)).toBe(true);
  await Promise.all([family.close(), pupil.close(), organiser.dispose()]);
});
