// Seasons in the console, on a server of this file's own (moving registrations to another season is
// every visitor's concern): the next season made with its own period, registrations moved to it
// with a reason; then a new link says when registration opens, an unpaid link of the season before
// says its registration is over and takes no payment, and a paid one works on.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER, pupilTakes } from "../support/http";
import { ownServer, untilHealthy } from "../support/processes";
import { inEveryLanguage, screenshot, VIEWPORTS } from "../support/screens";
import { signInAt } from "../support/ui";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 60;
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = ownServer(PORT, { PGLITE_DIR: "memory://", PAYMENTS_SANDBOX: "true" }, env);
  await untilHealthy(base);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

const year = new Date().getFullYear();
const next = year + 1;
test("@desktop-only the next season made, registrations moved to it, and each link tells its family where it stands", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // An unpaid family of this season, and a paid one.
  const subjects: { subjectId: number; grade: number; name: string }[] = await (await request.get("/api/Subjects/GetAll")).json();
  const math = subjects.find((s) => s.grade === 7 && s.name === "Matematika")!;
  const unpaid = randomUUID();
  const registered = await request.post("/api/Registration/Register", {
    data: {
      guid: unpaid,
      regionId: 1726,
      districtId: 1726266,
      grade: 7,
      subjectId: math.subjectId,
      firstName: "Oydin",
      lastName: "Karimova",
    },
  });
  expect(registered.status()).toBe(200);
  const paid = randomUUID();
  await request.post("/api/Registration/Register", {
    data: { guid: paid, regionId: 1726, districtId: 1726266, grade: 7, subjectId: math.subjectId, firstName: "Bobur", lastName: "Aliyev" },
  });
  const { amountToPay } = await (await request.get(`/api/Registration/GetRegisterStatus?guid=${paid}`)).json();
  expect(
    (await request.post("/api/payments/sandbox/confirm", { data: { guid: paid, amountSom: amountToPay, provider: "card" } })).status(),
  ).toBe(200);

  // An olympiad of this season one pupil took: nine of its twelve items seen with their key.
  const olympiad = await newOlympiad(request, { bankPerDifficulty: 4, counts: { easy: 3, medium: 3, hard: 3 }, reviewPolicy: "afterEnd" });
  const taker = await pupilTakes(request, olympiad, Array(9).fill(true), { names: { firstName: "Sardor", lastName: "Yusupov" } }, base);
  // His certificate, as issued now: it keeps verifying with this date once the season is a past one.
  const issueDate = async () =>
    /data-testid="issue-date"[^>]*>([^<]+)</.exec(await (await request.get(`/cert/${taker.username}`)).text())?.[1];
  const issuedOn = await issueDate();
  expect(issuedOn).toBeTruthy();
  const withIt: typeof subjects = await (await request.get("/api/Subjects/GetAll")).json();
  const subjectName = withIt.find((s) => s.subjectId === olympiad.subjectId)!.name;

  await signInAt(page, "/admin/seasons", ORGANISER);
  await expect(page.getByTestId(`season-${year}`)).toContainText("Ro'yxatga olmoqda");
  await page.getByTestId("new-season").click();
  // Before the copy: per subject and language, fresh and exposed items beside what its test draws.
  const exposure = page.getByTestId(`exposure-${olympiad.subjectId}-0`);
  await expect(exposure).toContainText("1 yangi · 3 ochilgan");
  await expect(exposure).toContainText("3 testda· Yangi savollar yetmaydi");
  const form = page.getByTestId("season-form");
  await expect(form.getByLabel("Yil")).toHaveValue(String(next));
  // Wrong first: the period ends before it starts, no reason.
  await form.getByLabel("Ro'yxatdan o'tish boshlanadi").fill(`31.05.${next}`);
  await form.getByLabel("Ro'yxatdan o'tishning oxirgi kuni").fill(`12.05.${next}`);
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(form.getByText("Oxirgi kun birinchi kundan oldin bo'lmasligi kerak")).toBeVisible();
  await expect(form.getByText("Sababini yozing (kamida 3 ta belgi)")).toBeVisible();
  await form.getByLabel("Ro'yxatdan o'tish boshlanadi").fill(`12.05.${next}`);
  await form.getByLabel("Ro'yxatdan o'tishning oxirgi kuni").fill(`31.05.${next}`);
  await form.getByLabel("Badal, so'm").fill("80000");
  await form.getByLabel("Lager boshlanadi").fill(`01.07.${next}`);
  await form.getByLabel("Lager tugaydi").fill(`08.07.${next}`);
  await form.getByLabel("Lager joyi").fill("Zomin, Jizzax viloyati");
  await form.getByLabel("Sabab").fill("Keyingi yilgi olimpiada");
  await form.getByRole("button", { name: "Saqlash" }).click();
  // Its fresh items cannot fill the test: refused, naming the place, until exposed ones may fill it.
  await expect(page.getByText(`Yangi savollar yetmaydi: 5-sinf ${subjectName} (O'zbek, Oson: 1 ta yangi, 3 ta kerak)`)).toBeVisible();
  await expect(page.getByTestId(`season-${next}`)).toHaveCount(0);
  await form.getByLabel("Yangi savollar yetmagan joyda eng kam ko'rilgan ochilgan savollardan foydalanish").check();
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(page.getByText(`${next} mavsumi yaratildi:`)).toBeVisible();
  const row = page.getByTestId(`season-${next}`);
  await expect(row).toContainText(`12.05.${next} — 31.05.${next}`);
  await expect(row).toContainText("80 000");
  await expect(row).toContainText("Zomin, Jizzax viloyati");
  // The same year twice is refused in the organiser's words.
  await page.getByTestId("new-season").click();
  await form.getByLabel("Yil").fill(String(next));
  await form.getByLabel("Sabab").fill("Ikkinchi marta");
  await form.getByRole("button", { name: "Saqlash" }).click();
  await expect(page.getByText("Bu yil uchun mavsum allaqachon bor.")).toBeVisible();
  await form.getByRole("button", { name: "Bekor qilish" }).click();

  // The switcher on the console's pages: next season's registrations are none yet, this one's are there.
  await page.goto("/admin/registrations");
  await expect(page.getByText("Karimova")).toBeVisible();
  const switcher = page.getByTestId("season-switcher").getByRole("combobox");
  await expect(switcher).toHaveValue(String(year));
  await switcher.selectOption(String(next));
  await expect(switcher).toHaveValue(String(next));
  await expect(page.getByText("Karimova")).toHaveCount(0);
  await page.goto("/admin/payments");
  await expect(page.getByTestId("season-switcher").getByRole("combobox")).toHaveValue(String(next));
  await inEveryLanguage(page, testInfo, base, "season-switcher", { path: "/admin/registrations" });
  await page.getByTestId("season-switcher").getByRole("combobox").selectOption(String(year));
  await expect(page.getByText("Karimova")).toBeVisible();

  await inEveryLanguage(page, testInfo, base, "seasons", {
    path: "/admin/seasons",
    check: async (language) => {
      await page.getByTestId("new-season").click();
      await expect(page.getByTestId("bank-exposure")).toBeVisible();
      await expectAccessible(page, testInfo, `seasons-new-${language}`);
    },
  });

  // The new season's bank: its exposed items say so; the kept ones fill the test, the rest wait to be kept.
  await page.context().addCookies([
    { name: "olimpiada-season", value: String(next), url: base },
    { name: "lang", value: "uz", url: base },
  ]);
  await page.goto("/admin/questions");
  await expect(page.getByTestId("season-switcher").getByRole("combobox")).toHaveValue(String(next));
  const carried = await page.locator("#subjectId option", { hasText: subjectName }).getAttribute("value");
  await inEveryLanguage(page, testInfo, base, "questions-exposed", {
    path: `/admin/questions?subjectId=${carried}`,
    check: async (language) => {
      await expect(page.getByTestId("question-exposed")).toHaveCount(9);
      await expectAccessible(page, testInfo, `questions-exposed-${language}`);
    },
  });
  const kept = page.getByTestId("question-exposed").filter({ hasText: "Ataylab testlarga qoldirilgan" });
  await expect(kept).toHaveCount(6);
  const leftOut = page
    .getByRole("article")
    .filter({ has: page.getByTestId("question-exposed") })
    .filter({ hasNotText: "Ataylab" })
    .first();
  await leftOut.getByRole("button", { name: "Testlarga qoldirish" }).click();
  await page.getByRole("dialog").getByLabel("Sabab").fill("Savol qayta ko'rib chiqildi");
  await page.getByRole("dialog").getByRole("button", { name: "Testlarga qoldirish" }).click();
  await expect(kept).toHaveCount(7);

  // The audit by season: the next season's own lines (it was made, its item kept), not in this one's.
  await page.goto("/admin/audit");
  const auditSwitcher = page.getByTestId("season-switcher").getByRole("combobox");
  await expect(auditSwitcher).toHaveValue(String(next));
  await expect(page.getByTestId("audit-table")).toContainText("Keyingi yilgi olimpiada");
  await expect(page.getByTestId("audit-table")).toContainText("Savol qayta ko'rib chiqildi");
  await inEveryLanguage(page, testInfo, base, "audit-season", {
    check: (language) => expectAccessible(page, testInfo, `audit-season-${language}`),
  });
  await auditSwitcher.selectOption(String(year));
  // The select follows the page once it is read again (a controlled one): then this season's lines are there.
  await expect(auditSwitcher).toHaveValue(String(year));
  await expect(page.getByTestId("audit-table")).not.toContainText("Savol qayta ko'rib chiqildi");
  await expect(page.getByTestId("audit-table")).not.toContainText("Keyingi yilgi olimpiada");
  await auditSwitcher.selectOption(String(next));
  await expect(auditSwitcher).toHaveValue(String(next));
  await expect(page.getByTestId("audit-table")).toContainText("Savol qayta ko'rib chiqildi");

  // The file of every test is the console's season's, and its name says so.
  const everything = await page.request.get("/api/admin/results/export?format=csv&scope=top5");
  expect(everything.headers()["content-disposition"]).toContain(`filename="natijalar_${next}_2-bosqich_barcha-fanlar_`);

  // A test's own pages show the test's season whatever the console's; the switcher leads to the same
  // page of the other season's test of that grade and subject, and back.
  await page.goto(`/admin/tests/${olympiad.testId}/screening`);
  const testSwitcher = page.getByTestId("season-switcher").getByRole("combobox");
  await expect(testSwitcher).toHaveValue(String(year));
  await testSwitcher.selectOption(String(next));
  await page.waitForURL((url) => /^\/admin\/tests\/\d+\/screening$/.test(url.pathname) && !url.pathname.includes(`/${olympiad.testId}/`));
  const twin = Number(new URL(page.url()).pathname.split("/")[3]);
  await expect(testSwitcher).toHaveValue(String(next));
  await page.goto(`/admin/tests/${twin}/appeals`);
  // Named from its own season's tests (not the current season's, where it is not found).
  await expect(page.getByText(`5-sinf, ${subjectName}: o'quvchilar apellyatsiyalari`)).toBeVisible();
  await inEveryLanguage(page, testInfo, base, "test-season", { check: () => expect(testSwitcher).toHaveValue(String(next)) });
  await testSwitcher.selectOption(String(year));
  await page.waitForURL((url) => url.pathname === `/admin/tests/${olympiad.testId}/appeals`);
  await expect(testSwitcher).toHaveValue(String(year));
  await page.context().addCookies([{ name: "olimpiada-season", value: String(year), url: base }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().addCookies([{ name: "lang", value: "uz", url: base }]);
  await page.goto("/admin/seasons");

  await page.getByTestId(`take-registrations-${next}`).click();
  await page.getByRole("dialog").getByLabel("Sabab").fill("Ro'yxatga olish keyingi yilga o'tadi");
  const moved = page.waitForResponse((r) => r.url().endsWith("/registrations") && r.request().method() === "POST");
  await page.getByRole("dialog").getByRole("button", { name: "Ro'yxatga olishni shu mavsumda ochish" }).click();
  expect((await moved).status()).toBe(200);
  await expect(page.getByTestId(`season-${next}`)).toContainText("Ro'yxatga olmoqda");
  // This season is a past one now, and the next one's tests have their dates: the certificate verifies as issued.
  expect(await issueDate()).toBe(issuedOn);
  const check = await (await request.get(`/api/Certificates/Check?username=${taker.username}`)).json();
  expect(check).toMatchObject({ hasCertificate: true, fullName: expect.stringContaining("Yusupov") });
  await expect(page.getByTestId(`take-registrations-${year}`)).toBeVisible();

  // A new link: registration opens on the next season's first day.
  const opens = {
    uz: `${next} yilgi olimpiadaga ro'yxatdan o'tish 12.05.${next} kuni boshlanadi.`,
    "uz-Cyrl": `${next} йилги олимпиадага рўйхатдан ўтиш 12.05.${next} куни бошланади.`,
    ru: `Регистрация на олимпиаду ${next} года начнётся 12.05.${next}.`,
  };
  await inEveryLanguage(page, testInfo, base, "registration-not-open", {
    path: "/register",
    check: async (language) => {
      await expect(page.getByRole("heading", { name: opens[language] })).toBeVisible();
      await expect(page.locator("form")).toHaveCount(0);
      await expectAccessible(page, testInfo, `registration-not-open-${language}`);
    },
  });
  // The unpaid link of this season: over, and no payment taken, in the family's language.
  await page.goto(`/register/${unpaid}`);
  await expect(page.getByRole("heading", { name: `${year} yilgi olimpiadaga ro'yxatdan o'tish yakunlangan.` })).toBeVisible();
  await expect(page.getByRole("link", { name: /Payme/ })).toHaveCount(0);
  await expectAccessible(page, testInfo, "registration-over-uz");
  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await screenshot(page, testInfo, `registration-over-uz-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const refused = await request.post("/api/payments/sandbox/confirm", {
    data: { guid: unpaid, amountSom: 75000, provider: "card" },
    headers: { "Accept-Language": "ru" },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: 1003, message: "Срок регистрации истёк. Оплата не принимается." });
  const again = await request.post("/api/Registration/Register", {
    data: {
      guid: unpaid,
      regionId: 1726,
      districtId: 1726266,
      grade: 7,
      subjectId: math.subjectId,
      firstName: "Oydin",
      lastName: "Karimova",
    },
  });
  expect((await again.json()).code).toBe(1003);
  // The paid family's page works on: its login is there.
  await page.goto(`/register/${paid}`);
  await expect(page.getByText("Siz ro'yxatdan o'tgansiz. Saytni yopishingiz mumkin.")).toBeVisible();
  await expect(page.getByTestId("returning")).toHaveCount(0);

  // The next season's registration opens today: last year's family registers the child again.
  const { items } = await (await page.request.get("/api/admin/seasons")).json();
  const season = items.find((s: { year: number }) => s.year === next);
  const today = new Intl.DateTimeFormat("ru-RU", { timeZone: "Asia/Tashkent", day: "2-digit", month: "2-digit", year: "numeric" }).format(
    new Date(),
  );
  const opened = await page.request.put(`/api/admin/seasons/${season.seasonId}`, {
    data: {
      ...season,
      registrationOpens: today,
      registrationCloses: `31.05.${next}`,
      campPlace: season.campPlace,
      reason: "Ro'yxat bugun ochiladi",
    },
  });
  expect(opened.status()).toBe(200);
  expect((await opened.json()).offerVersion).toBe(2);
  await page.goto(`/register/${paid}`);
  const returning = page.getByTestId("returning");
  await expect(returning).toContainText(`${next} yilgi olimpiada`);
  await expect(returning).toContainText("8-sinf");
  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await screenshot(page, testInfo, `registration-returning-uz-${name}`);
  }
  await returning.getByRole("link", { name: `${next} yilgi olimpiadaga ro'yxatdan o'tkazish` }).click();
  await page.waitForURL(/\/register\/[0-9a-f-]{36}\?from=/);
  const fresh = /\/register\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
  expect(fresh).not.toBe(paid);
  await expect(page.getByLabel("Familya", { exact: true })).toHaveValue("Aliyev");
  await expect(page.getByLabel("Ism", { exact: true })).toHaveValue("Bobur");
  await expect(page.getByLabel("Sinf", { exact: true })).toHaveValue("8");
  // The district's schools have come (the school's list is disabled, greyed, while they load).
  await expect(page.locator("#organizationId")).toBeEnabled();
  await expectAccessible(page, testInfo, "registration-returning-form-uz");
  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await screenshot(page, testInfo, `registration-returning-form-uz-${name}`);
  }
  // Registered in the new season, at its fee, as a new pupil.
  const nextSubjects: { subjectId: number; grade: number; name: string }[] = await (await request.get("/api/Subjects/GetAll")).json();
  const math8 = nextSubjects.find((s) => s.grade === 8 && s.name === "Matematika")!;
  expect(math8.subjectId).not.toBe(math.subjectId);
  await expect(page.getByLabel("Fan", { exact: true })).toHaveValue(String(math8.subjectId));
  const again2 = await request.post("/api/Registration/Register", {
    data: {
      guid: fresh,
      regionId: 1726,
      districtId: 1726266,
      grade: 8,
      subjectId: math8.subjectId,
      firstName: "Bobur",
      lastName: "Aliyev",
    },
  });
  const made = await again2.json();
  expect(made.amountToPay).toBe(80000);
  const before = await (await request.get(`/api/Registration/GetRegisterStatus?guid=${paid}`)).json();
  expect(made.userId).not.toBe(before.userId);
});
