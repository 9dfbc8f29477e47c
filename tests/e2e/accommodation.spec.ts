// An accommodation (issue 27): the parent asks for it on the registration form, the organiser
// finds it waiting on the pupils' page, approves it on the pupil's page as extra minutes, and the
// audit log says so. The request is the parent's words, kept with the registration.
import { randomUUID } from "node:crypto";
import { expect, test } from "../support/fixtures";
import { ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { fillLogin } from "../support/ui";

const REQUEST = "Ko'rish qobiliyati past, ekranni kattalashtirib ishlaydi: qo'shimcha vaqt kerak.";

test("asked for at registration, approved by the organiser as extra minutes, audited", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const lastName = `Sharoitova${randomUUID().slice(0, 4).replace(/\d/g, "x")}`;
  await page.goto(`/register/${randomUUID()}`);
  await page.locator("select[name=regionId]").selectOption({ index: 1 });
  await page.locator("select[name=districtId]").selectOption({ index: 1 });
  await page.locator("select[name=grade]").selectOption("7");
  await page.locator("select[name=subjectId]").selectOption({ index: 1 });
  await page.getByLabel("Familya", { exact: true }).fill(lastName);
  await page.getByLabel("Ism", { exact: true }).fill("Zarina");
  const field = page.getByLabel("Maxsus sharoit (ixtiyoriy)");
  await expect(field).toHaveAccessibleDescription(/qo'shimcha vaqt kerak bo'lsa/);
  await expect(field).toHaveAttribute("maxlength", "500");
  await field.fill(REQUEST);
  await screenshot(page, testInfo, "registration-accommodation");
  await page.locator("input[name=agreement]").click();
  await page.getByTestId("offer-text").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByRole("dialog").getByRole("button", { name: "O'qib chiqdim va roziman" }).click();
  await page.getByRole("button", { name: "To'lovga o'tish" }).click();
  await expect(page.getByTestId("amount")).toBeVisible();
  // "Ma'lumotlarni o'zgartirish" shows the request again, as the parent wrote it.
  await page.getByRole("button", { name: "Ma'lumotlarni o'zgartirish" }).click();
  await expect(page.getByLabel("Maxsus sharoit (ixtiyoriy)")).toHaveValue(REQUEST);

  // The organiser: waiting on the pupils' page, then approved on the pupil's.
  await context.clearCookies();
  await page.goto("/login");
  await fillLogin(page, ORGANISER);
  await page.goto("/admin/pupils");
  const waiting = page.getByTestId("pending-accommodations");
  await expect(waiting.getByRole("link", { name: new RegExp(lastName) })).toBeVisible();
  await screenshot(page, testInfo, "organiser-pupils-accommodations");
  await waiting.getByRole("link", { name: new RegExp(lastName) }).click();
  const card = page.getByTestId("accommodation");
  await expect(card).toContainText(REQUEST);
  await expect(page.getByTestId("accommodation-state")).toHaveText("Ko'rib chiqilmagan");
  await page.getByTestId("approve-accommodation").click();
  const dialog = page.getByRole("dialog", { name: "Tasdiqlash: qo'shimcha vaqt berish" });
  await dialog.getByLabel("Qo'shimcha vaqt (daqiqa)").fill("25");
  await dialog.getByLabel(/^Sabab/).fill("Shifokor ma'lumotnomasi ko'rildi");
  await dialog.getByRole("button", { name: "Tasdiqlash: qo'shimcha vaqt berish" }).click();
  await expect(page.getByTestId("accommodation-state")).toHaveText(/^Tasdiqlangan: .+, 25 daqiqa$/);
  await expect(page.getByTestId("extra-minutes-value")).toHaveText("25");
  await screenshot(page, testInfo, "organiser-pupil-accommodation");
  await page.goto("/admin/pupils");
  await expect(page.getByTestId("pending-accommodations").getByRole("link", { name: new RegExp(lastName) })).toHaveCount(0);
  await page.goto("/admin/audit");
  await expect(page.getByText("Maxsus sharoit so'rovi tasdiqlandi").first()).toBeVisible();
});
