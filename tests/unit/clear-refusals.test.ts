// Inputs that once ended in a 500 and are a validation error or a refusal in the caller's language
// instead: a typed day that is none (month 13, day 00) or before Tashkent kept +05:00, in the test's
// settings and the payments register's filter; a NUL in a console search; the sandbox's Payme and
// Click paying an order that does not exist or not its fee.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError, parseOrThrow } from "@/lib/http/errors";
import { inLocaleOf } from "@/lib/i18n/server";
import { registerQuery } from "@/lib/payments/register";
import { simulateClick, simulatePayme } from "@/lib/payments/sandbox";
import { pupilsQuery } from "@/lib/pupils/schema";
import { registrationsQuery } from "@/lib/registration/schema";
import { resultsQuery } from "@/lib/results/schema";
import { createTestRegistration } from "@/lib/testing/pupils";
import { searchOf } from "@/lib/validation/queries";
import { testSettingsSchema } from "@/shared/subject-tests/schema";
import { setUpDatabase } from "../support/database";

setUpDatabase();

const RU = { headers: new Headers({ "accept-language": "ru" }) };
const settings = (extra: Record<string, unknown>) => ({
  openedAt: "2026-12-02T05:00:00.000Z",
  closedAt: "2026-12-09T05:00:00.000Z",
  pinCode: "1234",
  reason: "checking a typed date",
  ...extra,
});
const NOT_DAYS = ["20.13.2026", "2026-13-20", "00.01.2026", "01.06.1985", "1985-06-01", "01.01.1900"];

describe("a typed day that is none, or before Tashkent kept +05:00", () => {
  it.each(NOT_DAYS)("the test's certificate date %s is the field's error in the organiser's language", (certificateDate) => {
    const parsed = inLocaleOf(RU, () => {
      const result = testSettingsSchema.safeParse(settings({ certificateDate }));
      return { success: result.success, messages: result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) };
    });
    expect(parsed).toEqual({ success: false, messages: [["certificateDate", "Введите дату в формате дд.мм.гггг, например 24.06.2026"]] });
    expect(() => parseOrThrow(testSettingsSchema, settings({ certificateDate }))).toThrow(
      expect.objectContaining({ status: 422, validationErrors: { certificateDate: ["Invalid"] } }),
    );
  });

  it("the test's window before it is out of range, and a day since is taken", () => {
    const old = testSettingsSchema.safeParse(settings({ openedAt: "1900-12-02T05:00:00.000Z", closedAt: "1985-12-09T05:00:00.000Z" }));
    expect(old.error?.issues.map((issue) => issue.path.join("."))).toEqual(["openedAt", "closedAt"]);
    expect(() => parseOrThrow(testSettingsSchema, settings({ openedAt: "1985-12-02T05:00:00+05:00" }))).toThrow(
      expect.objectContaining({ status: 422, validationErrors: { openedAt: ["Range"] } }),
    );
    expect(testSettingsSchema.parse(settings({ certificateDate: "10.12.2026" })).certificateDate).toBe("2026-12-10");
  });

  it.each(NOT_DAYS)("the payments register's day %s is refused, never thrown", (day) => {
    expect(registerQuery.safeParse({ day }).success).toBe(false);
    expect(() => parseOrThrow(registerQuery, { day })).toThrow(
      expect.objectContaining({ status: 422, validationErrors: { day: ["Invalid"] } }),
    );
  });
});

describe("a console search with a NUL or another unsafe character", () => {
  it("is refused by the search's schema: the API's 422, and a page's address read as no search", () => {
    for (const schema of [pupilsQuery, registrationsQuery, resultsQuery.partial({ testId: true })]) {
      for (const q of ["a\u0000b", "\u0000", "x\u0007", "\uD800"]) {
        expect(() => parseOrThrow(schema, { q })).toThrow(expect.objectContaining({ status: 422, validationErrors: { q: ["Invalid"] } }));
        expect(searchOf(schema, { q })).toEqual({});
      }
      expect(searchOf(schema, { q: " Ali " })).toMatchObject({ q: "Ali" });
    }
  });
});

describe("the sandbox's Payme and Click, as the card's confirmation answers", () => {
  for (const [provider, simulate] of [
    ["payme", simulatePayme],
    ["click", simulateClick],
  ] as const) {
    it(`${provider}: an order that does not exist is 404, not the fee 422, in the caller's language`, async () => {
      const unknown = await inLocaleOf(RU, () => simulate({ guid: randomUUID(), amountSom: 75_000 }).catch((error: unknown) => error));
      expect(unknown).toBeInstanceOf(AppError);
      expect(unknown).toMatchObject({ status: 404, message: "Запрошенные данные не найдены на сервере." });
      const { guid } = await createTestRegistration();
      const wrong = await simulate({ guid, amountSom: 1_000 }).catch((error: unknown) => error);
      expect(wrong).toBeInstanceOf(AppError);
      expect(wrong).toMatchObject({ status: 422, validationErrors: { amountSom: ["Invalid"] } });
      // The fee itself still pays.
      await expect(simulate({ guid, amountSom: 75_000 })).resolves.toBeUndefined();
    });
  }
});
