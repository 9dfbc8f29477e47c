// The error page ("Xatolik!", spec §2) shows the failed request's id small, so a pupil can read it
// out to support, who find its log line by it (issue 26).
import { readFileSync } from "node:fs";
import { testSupportToken } from "../../playwright.config";
import { expect, test } from "../support/fixtures";
import { screenshot } from "../support/screens";
import { TEST_LOG_FILE } from "../support/test-env";

test("a page that fails on the server: 'Xatolik!' with the request's id, which finds its log line", async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${testSupportToken}` });
  const response = await page.goto("/test-support/render-error");
  const id = response?.headers()["x-request-id"] ?? "";
  expect(id).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
  await expect(page.getByRole("heading", { name: "Xatolik!" })).toBeVisible();
  await expect(page.getByTestId("request-id")).toHaveText(`So'rov raqami: ${id}`);
  await screenshot(page, testInfo, "error-page");
  // Support finds the failure's own line by the id the pupil read out.
  await expect
    .poll(() =>
      readFileSync(TEST_LOG_FILE, "utf8")
        .split("\n")
        .filter((line) => line.includes(`"requestId":"${id}"`))
        .join("\n"),
    )
    .toContain('"msg":"render failed"');
});

test("every page and call answers with its request id, and the page carries it", async ({ page }) => {
  const response = await page.goto("/login");
  const id = response?.headers()["x-request-id"];
  expect(id).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
  await expect(page.locator("html")).toHaveAttribute("data-request-id", id ?? "");
  // A client's own id is not taken: the server names its requests.
  const call = await page.request.get("/api/Regions/GetAll", { headers: { "X-Request-Id": "mine" } });
  expect(call.headers()["x-request-id"]).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
});
