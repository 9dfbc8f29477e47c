// A pupil's journey (spec §2 login and profile, §6 roles): sign in, the shell, edit the profile,
// sign out; the sign-in errors; an organiser on a pupil's page.
import { expect, test } from "../support/fixtures";
import { newPupil, ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { fillLogin } from "../support/ui";

test("a pupil signs in, sees the shell, edits the profile and signs out", async ({ page, request }, testInfo) => {
  const pupil = await newPupil(request, { grade: 6, subject: "Biologiya" });

  await page.goto("/test-attempt");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Ftest-attempt$/);
  await expect(page.getByRole("link", { name: "Chat-bot orqali ro'yxatdan o'tish" })).toHaveAttribute("href", /^https:\/\//);
  await screenshot(page, testInfo, "login");

  await page.getByRole("button", { name: "Kirish" }).click();
  await expect(page.getByText("Ushbu maydonni to'ldirish majburiy")).toHaveCount(2); // checked in the form, nothing sent

  await fillLogin(page, { username: pupil.username, password: "wrong-password" });
  await expect(page.getByTestId("login-error")).toHaveText("Login yoki parol noto'g'ri. Iltimos, qayta urinib ko'ring.");
  await expect(page.getByLabel("Parol")).toHaveValue("");
  await screenshot(page, testInfo, "login-error");

  // Phones capitalise the first letter: the login still works.
  await fillLogin(page, { username: pupil.username[0].toUpperCase() + pupil.username.slice(1), password: pupil.password });
  await expect(page).toHaveURL(/\/test-attempt$/);
  await expect(page.getByRole("heading", { name: "Test ishlash" })).toBeVisible();
  await expect(page.getByTestId("pupil-name")).toHaveText("Oquvchi Test Sinovovich");
  await expect(page.getByTestId("pupil-subject")).toHaveText("6-sinf, Biologiya");
  await screenshot(page, testInfo, "shell");

  // The side menu: a drawer on phones, a collapsible column on large screens.
  if (testInfo.project.name === "phone") {
    await page.getByTestId("menu-trigger").click();
    await expect(page.getByRole("dialog").getByText("Oquvchi Test Sinovovich")).toBeVisible();
    await screenshot(page, testInfo, "shell-drawer");
    await page.getByRole("dialog").getByRole("link", { name: "Profil" }).click();
  } else {
    await page.getByTestId("collapse-trigger").click();
    await expect(page.getByTestId("user-card")).toBeHidden();
    await screenshot(page, testInfo, "shell-collapsed");
    await page.getByTestId("collapse-trigger").click();
    await expect(page.getByTestId("user-card")).toBeVisible();
    await page.getByRole("link", { name: "Profil" }).click();
  }

  // The profile: the registration's fields, all required.
  await expect(page).toHaveURL(/\/update-profile$/);
  await expect(page.getByLabel("Ism", { exact: true })).toHaveValue("Test");
  await page.getByRole("button", { name: "Saqlash" }).click();
  await expect(page.getByText("Ushbu maydonni to'ldirish majburiy")).toHaveCount(2); // birth date, phone
  await screenshot(page, testInfo, "profile-errors");
  await page.getByLabel("Maktab", { exact: true }).selectOption({ label: "12-son umumiy o'rta ta'lim maktabi" });
  await page.getByLabel("Tug'ilgan sana", { exact: true }).fill("2013-09-01");
  await page.getByLabel("Telefon raqam", { exact: true }).fill("935554433");
  await page.getByLabel("Ism", { exact: true }).fill("Zarina");
  await page.getByRole("button", { name: "Saqlash" }).click();
  await expect(page.getByText("Ma'lumotlar saqlandi")).toBeVisible();
  await expect(page).toHaveURL(/\/test-attempt$/);
  await expect(page.getByTestId("pupil-name")).toHaveText("Oquvchi Zarina Sinovovich");

  // "Chiqish": signed out, and the page reloads to the sign-in form.
  await page.getByRole("main").getByRole("button", { name: "Chiqish" }).click();
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Ftest-attempt$/);
  await page.goto("/update-profile");
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fupdate-profile$/);
});

test("five wrong passwords lock the account with the spec's message", async ({ page, request }, testInfo) => {
  const pupil = await newPupil(request);
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await fillLogin(page, { username: pupil.username, password: `wrong-${i}-pass` });
    // The form clears the password once it has the answer: only then is the next try typed.
    await expect(page.getByLabel("Parol")).toHaveValue("");
  }
  await expect(page.getByTestId("login-error")).toHaveText(
    "Parolni ko'p marta xato terganingiz uchun sizning akkauntingiz bloklandi. Iltimos, birozdan so'ng qayta urinib ko'ring.",
  );
  await screenshot(page, testInfo, "login-locked");
});

test("an organiser on a pupil's page sees 403, and the organiser's own page", async ({ page }, testInfo) => {
  await page.goto("/login?returnUrl=%2Ftest-attempt");
  await fillLogin(page, ORGANISER);
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await expect(page.getByText("Sizda ushbu amalni bajarish uchun ruxsat yo'q.")).toBeVisible();
  await screenshot(page, testInfo, "forbidden");
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Kun taxtasi" })).toBeVisible();
});

test("the sign-in page fills in a login its address names (the paid page's link), only one shaped as logins are, never a password", async ({
  page,
}) => {
  await page.goto("/login?username=kavre4739&password=Secret1234");
  await expect(page.getByLabel("Login", { exact: true })).toHaveValue("kavre4739");
  await expect(page.getByLabel("Parol", { exact: true })).toHaveValue("");
  for (const odd of ['"><img src=x onerror=alert(1)>', "ab", "x".repeat(31), "Kavre 4739"]) {
    await page.goto(`/login?username=${encodeURIComponent(odd)}`);
    await expect(page.getByLabel("Login", { exact: true })).toHaveValue("");
  }
});
