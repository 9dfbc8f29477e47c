// The payment endpoints over HTTP as the providers call them (Payme's JSON-RPC always 200, Click's
// form posts), the sandbox card's script, and the chat-bot API.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { baseURL } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { ORGANISER, registerOverHttp, signedIn } from "../support/http";
import { TEST_ENV } from "../support/test-env";

const PAYME_AUTH = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;
const BOT = { Authorization: `Bearer ${TEST_ENV.BOT_API_TOKEN}` };

const registration = (request: APIRequestContext) => registerOverHttp(request);

const payme = (request: APIRequestContext, body: unknown, authorization = PAYME_AUTH) =>
  request.post("/api/payments/payme", {
    headers: { Authorization: authorization, "Content-Type": "application/json" },
    data: typeof body === "string" ? Buffer.from(body) : body,
  });

test.describe("Payme endpoint", () => {
  test("answers HTTP 200 with the protocol's code for every failure", async ({ request }) => {
    const notPost = await request.get("/api/payments/payme");
    expect(notPost.status()).toBe(200);
    expect((await notPost.json()).error.code).toBe(-32300);

    const badJson = await payme(request, "{not json");
    expect(badJson.status()).toBe(200);
    expect(await badJson.json()).toMatchObject({ id: null, error: { code: -32700 } });

    const badAuth = await payme(request, { id: 3, method: "CheckTransaction", params: { id: "x" } }, "Basic eA==");
    expect(badAuth.status()).toBe(200);
    expect(await badAuth.json()).toMatchObject({ id: 3, error: { code: -32504 } });

    const huge = await payme(request, { id: 4, method: "CheckTransaction", params: { pad: "x".repeat(100_000) } });
    expect(huge.status()).toBe(200);
    expect((await huge.json()).error.code).toBe(-32700);
  });

  test("a registration paid through Payme: Check, Create, Perform, and the status says Paid", async ({ request }) => {
    const guid = await registration(request);
    const id = randomBytes(12).toString("hex");
    const check = await (
      await payme(request, { id: 1, method: "CheckPerformTransaction", params: { amount: 7_500_000, account: { guid } } })
    ).json();
    expect(check).toEqual({ result: { allow: true }, id: 1 });
    const created = await (
      await payme(request, { id: 2, method: "CreateTransaction", params: { id, time: Date.now(), amount: 7_500_000, account: { guid } } })
    ).json();
    expect(created.result.state).toBe(1);
    const performed = await (await payme(request, { id: 3, method: "PerformTransaction", params: { id } })).json();
    expect(performed.result).toMatchObject({ state: 2, transaction: created.result.transaction });
    expect((await (await request.get(`/api/Registration/GetRegisterStatus?guid=${guid}`)).json()).status).toBe(2);
  });
});

test.describe("Click endpoints", () => {
  test("form-encoded Prepare and Complete pay the registration", async ({ request }) => {
    const guid = await registration(request);
    const base = {
      click_trans_id: String(Date.now()),
      service_id: "00000",
      click_paydoc_id: "555",
      merchant_trans_id: guid,
      amount: "75000.00",
      error: "0",
      error_note: "Success",
      sign_time: "2025-05-21 09:00:00",
    };
    const md5 = (s: string) => createHash("md5").update(s).digest("hex");
    const secret = TEST_ENV.CLICK_SECRET_KEY;
    const prepare = { ...base, action: "0" };
    const prepareSign = md5(`${base.click_trans_id + base.service_id + secret + guid + base.amount}0${base.sign_time}`);
    const prepared = await (await request.post("/api/payments/click/prepare", { form: { ...prepare, sign_string: prepareSign } })).json();
    expect(prepared).toMatchObject({ error: 0, merchant_trans_id: guid });

    const prepareId = String(prepared.merchant_prepare_id);
    const completeSign = md5(`${base.click_trans_id + base.service_id + secret + guid + prepareId + base.amount}1${base.sign_time}`);
    const completed = await request.post("/api/payments/click/complete", {
      form: { ...base, action: "1", merchant_prepare_id: prepareId, sign_string: completeSign },
    });
    expect(completed.status()).toBe(200);
    expect(await completed.json()).toMatchObject({ error: 0, merchant_confirm_id: prepared.merchant_prepare_id });
    expect((await (await request.get(`/api/Registration/GetRegisterStatus?guid=${guid}`)).json()).status).toBe(2);
  });

  test("an empty or garbage post is -8, never a 500", async ({ request }) => {
    for (const data of ["", "%%%", "a=1&b=2", "x".repeat(70_000)]) {
      const response = await request.post("/api/payments/click/prepare", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        data,
      });
      expect(response.status(), data.slice(0, 10)).toBe(200);
      expect((await response.json()).error).toBe(-8);
    }
  });
});

test.describe("the sandbox card", () => {
  test("its checkout script is served as JavaScript", async ({ request }) => {
    const response = await request.get("/api/payments/sandbox/checkout.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("javascript");
    expect(await response.text()).toContain("window.cardCheckout");
  });

  test("its confirmation takes the fee only, for a registration that exists, once", async ({ request }) => {
    const guid = await registration(request);
    const confirm = (data: unknown) => request.post("/api/payments/sandbox/confirm", { data });
    expect((await confirm({ guid, amountSom: 100 })).status()).toBe(422);
    expect((await confirm({ guid: randomUUID(), amountSom: 75_000 })).status()).toBe(404);
    expect((await confirm({ guid: "x", amountSom: 75_000 })).status()).toBe(422);
    expect((await confirm({ guid, amountSom: 75_000 })).status()).toBe(200);
    const again = await confirm({ guid, amountSom: 75_000 });
    expect(again.status()).toBe(400);
    expect((await again.json()).code).toBe(1001);
  });
});

test.describe("the sandbox's Payme and Click", () => {
  test("pay by playing the provider's own calls to our endpoints, each recorded as the provider's", async ({ request }) => {
    const organiser = await signedIn(ORGANISER);
    for (const [provider, actions] of [
      ["payme", ["CheckPerformTransaction", "CreateTransaction", "PerformTransaction"]],
      ["click", ["prepare", "complete"]],
    ] as const) {
      const guid = await registration(request);
      const paid = await request.post("/api/payments/sandbox/confirm", { data: { guid, amountSom: 75_000, provider } });
      expect(paid.status()).toBe(200);
      expect((await (await request.get(`/api/Registration/GetRegisterStatus?guid=${guid}`)).json()).status).toBe(2);
      const detail = await (await organiser.get(`/api/admin/registrations/${guid}`)).json();
      expect(detail.payments).toEqual([expect.objectContaining({ provider, state: 2 })]);
      expect(detail.events.map((e: { action: string }) => e.action).sort()).toEqual([...actions].sort());
      // Only a call that passed the provider's authentication is filed under the registration.
      expect(detail.events.every((e: { provider: string }) => e.provider === provider)).toBe(true);
      // Paid already: said so, nothing more taken.
      const again = await request.post("/api/payments/sandbox/confirm", { data: { guid, amountSom: 75_000, provider } });
      expect((await again.json()).code).toBe(1001);
    }
    await organiser.dispose();
  });
});

test.describe("chat-bot API", () => {
  test("a wrong or missing token is 401", async ({ request }) => {
    const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer nope" }, { Authorization: TEST_ENV.BOT_API_TOKEN }];
    for (const headers of attempts) {
      expect((await request.post("/api/bot/registration-links", { headers })).status()).toBe(401);
      expect((await request.get(`/api/bot/registrations/${randomUUID()}`, { headers })).status()).toBe(401);
    }
  });

  test("makes registration links and reads a registration, with its credentials once paid", async ({ request }) => {
    const link = await (await request.post("/api/bot/registration-links", { headers: BOT })).json();
    expect(link.url).toBe(`${baseURL}/register/${link.guid}`);
    // The language the parent chose in the chat opens the page in it.
    const russian = await (await request.post("/api/bot/registration-links?lang=ru", { headers: BOT })).json();
    expect(russian.url).toBe(`${baseURL}/register/${russian.guid}?lang=ru`);
    expect((await request.post("/api/bot/registration-links?lang=en", { headers: BOT })).status()).toBe(422);
    expect(await (await request.get(`/api/bot/registrations/${link.guid}`, { headers: BOT })).json()).toEqual({
      status: 0,
      userId: null,
      amountToPay: 75_000,
      secondStage: null,
      invitation: null,
    });

    const guid = await registration(request);
    const unpaid = await (await request.get(`/api/bot/registrations/${guid}`, { headers: BOT })).json();
    expect(unpaid).toEqual({ status: 1, userId: expect.any(Number), amountToPay: 75_000, secondStage: null, invitation: null });
    await request.post("/api/payments/sandbox/confirm", { data: { guid, amountSom: 75_000 } });
    const paid = await (await request.get(`/api/bot/registrations/${guid.toUpperCase()}`, { headers: BOT })).json();
    expect(paid).toMatchObject({ status: 2, userId: unpaid.userId, username: expect.stringMatching(/^[a-z]{5}\d{4}$/) });
    expect(paid.password).toHaveLength(10);

    const signIn = await request.post("/api/Identity/Login", { data: { username: paid.username, password: paid.password } });
    expect(signIn.status()).toBe(200);
    expect((await request.get("/api/bot/registrations/not-a-guid", { headers: BOT })).status()).toBe(422);
  });
});
