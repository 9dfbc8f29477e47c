// Three interface languages: `?lang=` opens a page in a language and remembers it,
// a first visit follows Accept-Language, <html lang> follows, the switcher is in the header, the
// form's and the API's messages come in the page's language, and no text is left in another.
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "../support/fixtures";
import { newPupil, ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { fillLogin, signInAt } from "../support/ui";

/** Words of a page's visible text written in Latin letters (Uzbek Latin left on a Cyrillic page);
 *  the switcher names each language in itself, and the organisers' notices (shown to every page,
 *  posted by another test meanwhile) are people's words, so both are left out. */
async function latinWords(page: Page, allowed: RegExp): Promise<string[]> {
  const text = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const switcher of body.querySelectorAll("[data-testid=language-switcher], [data-testid=notices], script, style"))
      switcher.remove();
    return body.textContent ?? "";
  });
  return (text.match(/[A-Za-zʻʼ']{3,}/g) ?? []).filter((word) => !allowed.test(word));
}

/** The console's own words in Latin letters: rows of its tables, pupils' names listed and bank texts (people's data) left out. */
async function consoleWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const data of body.querySelectorAll(
      "[data-testid=language-switcher], tbody, [data-testid=pending-accommodations] li, .rich-text, option, input, textarea, script, style, .katex",
    ))
      data.remove();
    // Each text node apart: a hash's last letters and the next label are two words, not one.
    const words: string[] = [];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) words.push(walker.currentNode.nodeValue ?? "");
    return words.join(" ");
  });
  return [...new Set((text.match(/[A-Za-zʻʼ']{3,}/g) ?? []).filter((word) => !CONSOLE_LATIN.test(word)))];
}

/**
 * The product's name, brands, formats and codes (xlsx, csv, UTF-8 BOM, UTC, guid, hashes in hex, choice letters, a
 * setting's name: FISCAL_*), and the seeded organiser's own name ("Tashkilotchi"): Latin in every language.
 */
const CONSOLE_LATIN =
  /^(Olimpiada|Click|Payme|Telegram|PIN|SHA|UTF|BOM|UTC|guid|FISCAL|(xlsx|csv|Excel|XLSX|CSV)+|GIFT|Aiken|Moodle|JSON|organiser|Tashkilotchi(PIN)?|[A-F]+|[a-f0-9]+)$/;

/** Brands, the product's codes and a pupil's own name and login: Latin in every language. */
const LATIN_ALLOWED = /^(Click|Payme|Telegram|PIN|Oquvchi|Test|Sinovovich|Demo\w*|pupil\w*|test\w*)$/i;

test("?lang= opens a page in that language, remembers it, and the API answers in it", async ({ page, request }, testInfo) => {
  const pupil = await newPupil(request, { grade: 7, subject: "Matematika" });

  await page.goto("/login?lang=ru");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { name: "Вход в систему" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Язык" }).getByRole("link", { name: "Русский" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  expect(await latinWords(page, LATIN_ALLOWED)).toEqual([]);

  // The form's own check, then the server's refusal, both in Russian.
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByText("Это поле обязательно для заполнения")).toHaveCount(2);
  await fillLogin(page, { username: pupil.username, password: "wrong-password" }, "ru");
  await expect(page.getByTestId("login-error")).toHaveText("Неверный логин или пароль. Пожалуйста, попробуйте ещё раз.");
  await screenshot(page, testInfo, "login-ru");

  // Remembered: the next page without ?lang= is Russian too, and so is the signed-in shell.
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await fillLogin(page, pupil, "ru");
  await expect(page).toHaveURL(/\/test-attempt$/);
  await expect(page.getByRole("heading", { name: "Прохождение теста" })).toBeVisible();
  await expect(page.getByTestId("pupil-subject")).toHaveText("7 класс, Математика");
  await screenshot(page, testInfo, "start-ru");

  // The switcher: Ўзбекча, from the header, on the same page.
  await page.getByRole("navigation", { name: "Язык" }).getByRole("link", { name: "Ўзбекча" }).click();
  await expect(page).toHaveURL(/\/test-attempt\?lang=uz-Cyrl$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "uz-Cyrl");
  await expect(page.getByRole("heading", { name: "Тест ишлаш" })).toBeVisible();
  await expect(page.getByTestId("pupil-subject")).toHaveText("7-синф, Математика");
  await screenshot(page, testInfo, "start-uz-Cyrl");

  // Back to O'zbekcha: the spec's texts.
  await page.getByRole("navigation", { name: "Тил" }).getByRole("link", { name: "O'zbekcha" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "uz");
  await expect(page.getByRole("heading", { name: "Test ishlash" })).toBeVisible();
});

test("a first visit follows Accept-Language; the choice overrides it", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { name: "Вход в систему" })).toBeVisible();
  await page.goto("/login?lang=uz");
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "uz");
  await expect(page.getByRole("heading", { name: "Tizimga kirish" })).toBeVisible();
  await context.close();

  const cyrillic = await browser.newContext({ locale: "uz-Cyrl-UZ" });
  const second = await cyrillic.newPage();
  await second.goto("/login");
  await expect(second.locator("html")).toHaveAttribute("lang", "uz-Cyrl");
  await expect(second.getByRole("heading", { name: "Тизимга кириш" })).toBeVisible();
  await cyrillic.close();
});

test("the API's message follows the caller's language; its code and shape do not change", async ({ request }) => {
  const bodies = [];
  // A name no other run has tried: five tries of one name lock it, and the database may outlive a run.
  const username = `nobody-${randomUUID().slice(0, 8)}`;
  for (const language of ["uz", "ru", "uz-Cyrl"]) {
    const response = await request.post("/api/Identity/Login", {
      data: { username, password: "wrong-password" },
      headers: { Cookie: `lang=${language}` },
    });
    bodies.push(await response.json());
  }
  expect(bodies.map((body) => body.code)).toEqual([2102, 2102, 2102]);
  expect(bodies.map((body) => body.message)).toEqual([
    "Login yoki parol noto'g'ri. Iltimos, qayta urinib ko'ring.",
    "Неверный логин или пароль. Пожалуйста, попробуйте ещё раз.",
    "Логин ёки пароль нотўғри. Илтимос, қайта уриниб кўринг.",
  ]);
  const byAcceptLanguage = await request.post("/api/Identity/Login", {
    data: { username: "", password: "" },
    headers: { "Accept-Language": "ru-RU,ru;q=0.9" },
  });
  expect(byAcceptLanguage.status()).toBe(422);
  expect(await byAcceptLanguage.json()).toMatchObject({ code: null, validationErrors: expect.any(Object) });
});

test("the organiser's console in Русский and Ўзбекча: no Uzbek Latin left in its own words", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAt(page, "/admin", ORGANISER);
  const pages = [
    "/admin",
    "/admin/tests",
    "/admin/tests/pins",
    "/admin/questions",
    "/admin/registrations",
    "/admin/payments",
    "/admin/pupils",
    "/admin/results",
    "/admin/audit",
    "/admin/organisers",
  ];
  const left: Record<string, string[]> = {};
  for (const language of ["ru", "uz-Cyrl"]) {
    for (const path of pages) {
      await page.goto(`${path}?lang=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("main h1").first()).toBeVisible();
      await screenshot(page, testInfo, `console${path.replaceAll("/", "-")}-${language}`);
      // What people typed (names, reasons, question texts) is theirs, in their language: the
      // tables' rows and the bank's texts are left out; the console's own words are all that is read.
      const words = await consoleWords(page);
      if (words.length > 0) left[`${language} ${path}`] = words;
    }
  }
  expect(left).toEqual({});
});
