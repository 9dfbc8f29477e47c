// The register's receipt column in the organiser's words: a kept error told by its kind in their
// language (what was kept shown beside it, secondary), and a provider's payment whose receipt is
// on its way said so, as the family's page says it (not "—").
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ruOrganiser } from "@/lib/i18n/ru-organiser";
import { createTestRegistration } from "@/lib/testing/pupils";
import { uzOrganiser } from "@/shared/i18n/uz-organiser";
import { setUpDatabase } from "../support/database";
import { TEST_ENV, TEST_FISCAL } from "../support/test-env";

setUpDatabase();

const AUTH = `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`;

/** The modules as a server started with `env` loads them. */
async function started(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return {
    register: await import("@/lib/payments/register"),
    fiscal: await import("@/lib/payments/fiscal"),
    payme: await import("@/lib/payments/payme"),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("a receipt's error", () => {
  it.each([
    ["not reached: fetch failed", "unreachable"],
    ["no answer within 20 s", "timeout"],
    ["HTTP 200, an answer not understood: <html>502 Bad Gateway</html>", "badAnswer"],
    ["HTTP 502", "badAnswer"],
    ["error_code -5017: Invalid SPIC", "refused"],
    ["status_code 1: Chek rad etildi", "refused"],
    ["the payment has no Click payment id (click_paydoc_id)", "noPaymentId"],
    ["something new", "unknown"],
  ] as const)("%s is told as %s", async (kept, kind) => {
    const { register } = await started({});
    expect(register.receiptErrorKind(kept)).toBe(kind);
  });

  it("has words for every kind in Uzbek and Russian, naming the provider, none of them the kept English", () => {
    for (const texts of [uzOrganiser.payments.receiptErrors, ruOrganiser.payments.receiptErrors]) {
      for (const kind of ["timeout", "unreachable", "badAnswer", "refused", "noPaymentId", "unknown"] as const) {
        expect(texts[kind], kind).toContain("{provider}");
        expect(texts[kind], kind).not.toMatch(/not reached|fetch failed|answer/);
      }
    }
  });
});

describe("a receipt on its way", () => {
  it("a performed Payme payment without its receipt yet reads as the family's page reads it: on its way, not a dash", async () => {
    const { register, fiscal, payme } = await started(TEST_FISCAL);
    const { guid } = await createTestRegistration();
    const id = randomBytes(12).toString("hex");
    const now = Date.now();
    const call = (method: string, params: Record<string, unknown>, time: number) =>
      payme.answerPayme({ body: { jsonrpc: "2.0", id: 1, method, params }, authorization: AUTH, now: time });
    await call("CreateTransaction", { id, time: now - 60_000, amount: 7_500_000, account: { guid } }, now - 60_000);
    await call("PerformTransaction", { id }, now);
    const family = await fiscal.receiptOfRegistration(guid);
    expect(family).toMatchObject({ state: "waiting" });
    const row = (await register.loadRegister({ provider: "payme" })).items.find((item) => item.guid === guid);
    expect(row?.receiptState).toBe(family?.state);
    // The catalogue's word for it is the family's: being registered, in both languages.
    expect(uzOrganiser.payments.receiptStates.waiting).toBe("Ro'yxatdan o'tkazilmoqda");
    expect(ruOrganiser.payments.receiptStates.waiting).toBe("Регистрируется");
  });
});
