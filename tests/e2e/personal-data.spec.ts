// A family's request, in the console (issue 26): everything kept about their child as one JSON
// file, then the child's personal data erased; the pupil page says so and the pupil cannot sign in.
import { readFileSync } from "node:fs";
import { expect, test } from "../support/fixtures";
import { anonymous, newPupil, ORGANISER } from "../support/http";
import { screenshot } from "../support/screens";
import { signInAt } from "../support/ui";

test("the organiser downloads a pupil's data, then erases the pupil", async ({ page, request }, testInfo) => {
  const pupil = await newPupil(request, { names: { firstName: "Dilnoza", lastName: "Yusupova" } });
  await signInAt(page, `/admin/pupils/${pupil.userId}`, ORGANISER);
  await expect(page.getByTestId("pupil-name")).toContainText("Yusupova Dilnoza");

  const download = page.waitForEvent("download");
  await page.getByTestId("export-data").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`pupil-${pupil.userId}.json`);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8"));
  expect(data.pupil).toMatchObject({ userId: pupil.userId, firstName: "Dilnoza", lastName: "Yusupova", username: pupil.username });

  await page.getByTestId("erase").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Sabab").fill("Ota-onasi so'radi");
  const confirm = dialog.getByRole("button", { name: "Shaxsiy ma'lumotlarini o'chirish" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Tasdiqlash uchun loginni yozing").fill(pupil.username);
  await screenshot(page, testInfo, "console-erase-pupil");
  await confirm.click();
  await expect(page.getByTestId("pupil-name")).toContainText(`O'chirilgan #${pupil.userId}`);
  await expect(page.getByText("Bu o'quvchining shaxsiy ma'lumotlari o'chirilgan")).toBeVisible();
  await screenshot(page, testInfo, "console-pupil-erased");

  const stranger = await anonymous();
  const signIn = await stranger.post("/api/Identity/Login", { data: { username: pupil.username, password: pupil.password } });
  expect(signIn.status()).toBe(400);
  await stranger.dispose();
});
