// The public /holat page and /api/notices (served by server/main.mjs before admission, server/status-page.mjs),
// and the incidents' calls with the wrong, the empty, the huge and the hostile input (issue 26).
import { randomUUID } from "node:crypto";
import { expect, test } from "../support/fixtures";
import { newOlympiad, ORGANISER, signedIn } from "../support/http";

test("/holat: a page of its own, cached a few seconds, in the visitor's language, no script", async ({ request }) => {
  const page = await request.get("/holat");
  expect(page.status()).toBe(200);
  expect(page.headers()["content-type"]).toContain("text/html");
  expect(page.headers()["cache-control"]).toBe("public, max-age=5");
  expect(page.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(page.headers()["x-request-id"]).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
  const html = await page.text();
  expect(html).toContain('<html lang="uz">');
  expect(html).toContain("<h1>Holat</h1>");
  expect(html).not.toContain("<script");
  const russian = await request.get("/holat", { headers: { "Accept-Language": "ru-RU,ru;q=0.9" } });
  expect(await russian.text()).toContain("<h1>Состояние</h1>");
  expect(await (await request.get("/holat?lang=uz-Cyrl")).text()).toContain("<h1>Ҳолат</h1>");
  expect((await request.head("/holat")).status()).toBe(200);
  expect((await request.post("/holat", { data: {} })).status()).toBe(405);

  const notices = await request.get("/api/notices");
  expect(notices.status()).toBe(200);
  expect(notices.headers()["cache-control"]).toBe("public, max-age=5");
  expect(await notices.json()).toEqual({ notices: expect.any(Array) });
});

test("a notice: refused empty or huge, and a hostile one is shown as text", async ({ request }) => {
  const organiser = await signedIn(ORGANISER);
  const post = (data: unknown) => organiser.post("/api/admin/notices", { data });
  for (const data of [{}, { uz: "" }, { uz: "  " }, { uz: "x".repeat(501) }, { uz: "Yaxshi matn", ru: "x".repeat(501) }, { uz: 5 }]) {
    const refused = await post(data);
    expect(refused.status(), JSON.stringify(data).slice(0, 40)).toBe(422);
  }
  expect((await (await post({ uz: "" })).json()).validationErrors).toEqual({ uz: [expect.any(String)] });
  expect((await (await post({ uz: "" })).json()).message).toBe("Kiritilgan ma'lumotlarda xatolik bor.");

  const mark = randomUUID().slice(0, 8);
  const hostile = `<script>alert(1)</script><img src=x onerror=alert(2)> ${mark}`;
  const posted = await post({ uz: hostile });
  expect(posted.status()).toBe(200);
  const { noticeId } = await posted.json();
  try {
    await expect
      .poll(async () => (await (await request.get("/api/notices")).json()).notices.map((n: { noticeId: number }) => n.noticeId), {
        timeout: 10_000,
      })
      .toContain(noticeId);
    await expect.poll(async () => (await request.get("/holat")).text(), { timeout: 10_000 }).toContain(mark);
    const html = await (await request.get("/holat")).text();
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;");
    expect(html).not.toContain("<script>alert(1)");
  } finally {
    expect((await organiser.delete(`/api/admin/notices/${noticeId}`)).status()).toBe(200);
  }
  expect((await organiser.delete(`/api/admin/notices/${noticeId}`)).status()).toBe(404);
  expect((await organiser.delete("/api/admin/notices/abc")).status()).toBe(422);
  await organiser.dispose();
});

test("extra minutes for many: the minutes, the reason and the test checked; none running moves nothing", async ({ request }) => {
  const organiser = await signedIn(ORGANISER);
  const olympiad = await newOlympiad(request);
  const give = (data: Record<string, unknown>) => organiser.post("/api/admin/incidents/extra-time", { data });
  const good = { testId: olympiad.testId, minutes: 5, reason: "Sayt ishlamadi" };
  for (const [field, data] of [
    ["minutes", { ...good, minutes: 0 }],
    ["minutes", { ...good, minutes: 121 }],
    ["minutes", { ...good, minutes: 2.5 }],
    ["minutes", { ...good, minutes: "5" }],
    ["reason", { ...good, reason: "" }],
    ["reason", { ...good, reason: "x".repeat(501) }],
    ["testId", { ...good, testId: "abc" }],
    ["districtId", { ...good, districtId: -1 }],
    // Past a PostgreSQL integer: refused by the schema, never a 500 from the database.
    ["testId", { ...good, testId: 2_147_483_648 }],
    ["regionId", { ...good, regionId: 2_147_483_648 }],
    ["districtId", { ...good, districtId: "2147483648" }],
  ] as const) {
    const refused = await give(data);
    expect(refused.status(), JSON.stringify(data)).toBe(422);
    expect(Object.keys((await refused.json()).validationErrors)).toEqual([field]);
  }
  expect((await give({ ...good, testId: 2_000_000_000 })).status()).toBe(404);
  const done = await give({ ...good, districtId: "" });
  expect(done.status()).toBe(200);
  expect(await done.json()).toEqual({ attempts: 0, minutes: 5 });
  await organiser.dispose();
});
