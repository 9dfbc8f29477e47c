// The three interface languages: the transliteration's rules, the Cyrillic catalogue
// held to its Latin twin, the Russian one to the Uzbek placeholders, plural forms, and how a
// request picks its language.
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/catalogues";
import { CYRILLIC_EXCEPTIONS, cyrillicOf } from "@/lib/i18n/cyrillic";
import { resolveLocale } from "@/lib/i18n/negotiate.mjs";
import { organiserMessagesOf } from "@/lib/i18n/organiser";
import { ru } from "@/lib/i18n/ru";
import ruBusy from "@/lib/i18n/ru-busy.json";
import { ruOffer } from "@/lib/i18n/ru-offer";
import { ruOrganiser } from "@/lib/i18n/ru-organiser";
import ruStatus from "@/lib/i18n/ru-status.json";
import { inLocaleOf } from "@/lib/i18n/server";
import uzBusy from "@/lib/i18n/uz-busy.json";
import { uzCyrl } from "@/lib/i18n/uz-Cyrl";
import uzCyrlBusy from "@/lib/i18n/uz-Cyrl-busy.json";
import { uzCyrlOffer } from "@/lib/i18n/uz-Cyrl-offer";
import { uzCyrlOrganiser } from "@/lib/i18n/uz-Cyrl-organiser";
import uzCyrlStatus from "@/lib/i18n/uz-Cyrl-status.json";
import { uzOffer } from "@/lib/i18n/uz-offer";
import uzStatus from "@/lib/i18n/uz-status.json";
import { compile, fill } from "@/shared/i18n/format";
import { points, wholeNumber } from "@/shared/i18n/numbers";
import { toCyrillic } from "@/shared/i18n/transliterate";
import { uz } from "@/shared/i18n/uz";
import { uzOrganiser } from "@/shared/i18n/uz-organiser";
import { registerSchema } from "@/shared/registration/schema";
import { reasonSchema } from "@/shared/validation/reason";

describe("Uzbek Latin → Cyrillic", () => {
  it.each([
    ["o'quvchi", "ўқувчи"],
    ["Oʻquvchi", "Ўқувчи"],
    ["tug'ilgan", "туғилган"],
    ["G‘alaba", "Ғалаба"],
    ["shahar", "шаҳар"],
    ["Shahar", "Шаҳар"],
    ["SHAHAR", "ШАҲАР"],
    ["chiqish", "чиқиш"],
    ["yozgi", "ёзги"],
    ["yuborish", "юбориш"],
    ["yangi", "янги"],
    ["yetarli", "етарли"],
    ["yo'q", "йўқ"],
    ["ertaga", "эртага"],
    ["telefon", "телефон"],
    ["poeziya", "поэзия"],
    ["ma'lumot", "маълумот"],
    ["san'at", "санъат"],
    ["litsey", "лицей"],
    ["ketsa", "кетса"],
    ["o'tsa", "ўтса"],
    ["qishloq xo'jaligi", "қишлоқ хўжалиги"],
    ["Siz {count} ta savolga", "Сиз {count} та саволга"],
    ["Click orqali", "Click орқали"],
    ["PIN kod", "PIN код"],
    ["«Testni boshlash»", "«Тестни бошлаш»"],
    ["'Boshqa maktab'", "'Бошқа мактаб'"],
    ["muvaffaqiyatsiz", "муваффақиятсиз"],
    ["Obekt", "Объект"],
    ["p99 ≤ 3 s", "p99 ≤ 3 с"],
    ["12-sinf", "12-синф"],
    ["Excel (.xlsx)", "Excel (.xlsx)"],
    ["Parol", "Пароль"],
    ["login yoki parol", "логин ёки пароль"],
    ["PAROL", "ПАРОЛЬ"],
    ["Profil", "Профиль"],
    ["Familya", "Фамилия"],
  ])("%s → %s", (latin, cyrillic) => {
    expect(toCyrillic(latin)).toBe(cyrillic);
  });
});

describe("the Uzbek Cyrillic catalogues", () => {
  it("are the transliteration of the Latin ones, but for the reviewed exceptions", () => {
    expect(uzCyrl).toEqual(cyrillicOf(uz, "uz", CYRILLIC_EXCEPTIONS));
    expect(uzCyrlOffer).toEqual(cyrillicOf(uzOffer, "offer", CYRILLIC_EXCEPTIONS));
    expect(uzCyrlBusy).toEqual(cyrillicOf(uzBusy, "busy", CYRILLIC_EXCEPTIONS));
    expect(uzCyrlStatus).toEqual(cyrillicOf(uzStatus, "status", CYRILLIC_EXCEPTIONS));
    expect(uzCyrlOrganiser).toEqual(cyrillicOf(uzOrganiser, "organiser", CYRILLIC_EXCEPTIONS));
  });

  it("carry no Latin letter but the kept words", () => {
    const kept =
      /\b(Click|Payme|PIN|ID|JSON|CSV|XLSX|xlsx|GIFT|Aiken|Moodle|Excel|QR|URL|HTML|UTC|SHA|UTF|BOM|ANSWER|guid|Guid|p50|p99|img|alt|Rasch|Mantel|Haenszel|DIF|ETS|KR|CML)\b|\bFISCAL_\*|\{\w+\}/g;
    for (const text of [...leaves(uzCyrl), ...leaves(uzCyrlOrganiser)]) expect(text.replace(kept, ""), text).not.toMatch(/[A-Za-z]/);
  });
});

/** Every text of a catalogue with its path; a plural's forms each. */
function entries(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => entries(item, `${path}.${index}`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, inner]) => entries(inner, `${path}.${key}`));
  return [];
}
const leaves = (value: unknown) => entries(value).map(([, text]) => text);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the Russian catalogues", () => {
  it.each([
    ["the pupil's", uz, ru],
    ["the console's", uzOrganiser, ruOrganiser],
  ])("name the same values as the Uzbek texts, in every plural form: %s", (_, uzbekCatalogue, russian) => {
    const uzbek = new Map(entries(uzbekCatalogue));
    for (const [path, text] of entries(russian)) {
      if (path.startsWith(".names.")) continue; // the reference data's names, which Uzbek keeps as stored
      const form = /\.(zero|one|few|many|other)$/.exec(path)?.[1];
      const base = form ? path.slice(0, -form.length - 1) : path;
      const twin = uzbek.get(path) ?? uzbek.get(base) ?? uzbek.get(`${base}.other`);
      expect(twin, path).toBeDefined();
      // A zero form says "none" and may leave the count out.
      const expected = placeholders(twin ?? "").filter((name) => form !== "zero" || name !== "count");
      expect(
        placeholders(text).filter((name) => form !== "zero" || name !== "count"),
        path,
      ).toEqual(expected);
    }
  });

  it.each([
    ["the pupil's", uz, ru],
    ["the console's", uzOrganiser, ruOrganiser],
  ])("give a count Russian's three forms: %s", (_, uzbekCatalogue, russian) => {
    for (const [path, text] of entries(uzbekCatalogue)) {
      if (!placeholders(text).includes("count") || path.endsWith(".zero")) continue;
      const forms = path
        .replace(/\.other$/, "")
        .split(".")
        .slice(1)
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], russian);
      expect(forms, path).toMatchObject({ one: expect.any(String), few: expect.any(String), many: expect.any(String) });
    }
  });

  it("keep the offer's sections, the queue's and the status page's texts whole", () => {
    expect(ruOffer.map((section) => section.paragraphs.length)).toEqual(uzOffer.map((section) => section.paragraphs.length));
    expect(Object.keys(ruBusy).sort()).toEqual(Object.keys(uzBusy).sort());
    for (const key of Object.keys(uzBusy) as (keyof typeof uzBusy)[])
      expect(placeholders(ruBusy[key]), key).toEqual(placeholders(uzBusy[key]));
    expect(Object.keys(ruStatus).sort()).toEqual(Object.keys(uzStatus).sort());
    for (const key of Object.keys(uzStatus) as (keyof typeof uzStatus)[])
      expect(placeholders(ruStatus[key]), key).toEqual(placeholders(uzStatus[key]));
  });
});

describe("messages", () => {
  it("fill their values, and leave an unknown one visible", () => {
    expect(fill("{n}-savol ({total} tadan)", { n: 3, total: 30 })).toBe("3-savol (30 tadan)");
    expect(fill("{n} va {missing}", { n: 1 })).toBe("1 va {missing}");
  });

  it("choose a count's form by the locale's plural rules", () => {
    const saving = messagesOf("ru").attempt.saving;
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => saving({ count }).match(/\d+ ответ[а-я]*/)?.[0])).toEqual([
      "1 ответ",
      "2 ответа",
      "5 ответов",
      "11 ответов",
      "21 ответ",
      "22 ответа",
      "25 ответов",
    ]);
    expect(messagesOf("uz").attempt.saving({ count: 2 })).toBe("2 ta javob saqlanmoqda...");
  });

  it("compile a catalogue's strings, templates and lists", () => {
    const m = compile<{ a: "x"; b: "{n} y"; c: readonly ["p", "q"] }>("ru", {
      a: "x",
      b: { one: "{n} one", other: "{n} other" },
      c: ["p", "q"],
    });
    expect(m.a).toBe("x");
    expect(m.c).toEqual(["p", "q"]);
  });
});

describe("a request's language", () => {
  it.each([
    [{ query: "ru" }, "ru"],
    [{ query: "uz-Cyrl", cookie: "ru" }, "uz-Cyrl"],
    [{ query: "UZ-CYRL" }, "uz-Cyrl"],
    [{ query: "en", cookie: "ru" }, "ru"],
    [{ cookie: "uz" }, "uz"],
    [{ cookie: "xx", acceptLanguage: "ru-RU,ru;q=0.9" }, "ru"],
    [{ acceptLanguage: "uz-Cyrl-UZ,uz;q=0.5" }, "uz-Cyrl"],
    [{ acceptLanguage: "uz-UZ" }, "uz"],
    [{ acceptLanguage: "en-US,ru;q=0.3" }, "ru"],
    [{ acceptLanguage: "en-US" }, "uz"],
    [{ acceptLanguage: "" }, "uz"],
    [{}, "uz"],
  ])("%j → %s", (input, locale) => {
    expect(resolveLocale(input)).toBe(locale);
  });

  it("words a schema's errors in the API call's language", () => {
    const invalid = { guid: "x" };
    // zod words an issue when it is read: inside the call, as the route handler reads them.
    const firstMessage = () => registerSchema.safeParse(invalid).error?.issues[0].message;
    expect(inLocaleOf({ headers: new Headers({ "accept-language": "ru" }) }, firstMessage)).toBe(ru.validation.required);
    expect(inLocaleOf({ headers: new Headers({ cookie: "lang=uz-Cyrl" }) }, firstMessage)).toBe(uzCyrl.validation.required);
    expect(firstMessage()).toBe(uz.validation.required);
  });

  it("words the console's schema errors in the call's language too", () => {
    const reasonMessage = () => reasonSchema.safeParse({ reason: "x" }).error?.issues[0].message;
    expect(inLocaleOf({ headers: new Headers({ cookie: "lang=ru" }) }, reasonMessage)).toBe(ruOrganiser.validation.reason);
    expect(reasonMessage()).toBe(uzOrganiser.validation.reason);
  });
});

/** Every catalogue of the interface, each with its language's name. */
const CATALOGUES = {
  uz: [uz, uzOrganiser, uzOffer, uzBusy, uzStatus],
  "uz-Cyrl": [uzCyrl, uzCyrlOrganiser, uzCyrlOffer, uzCyrlBusy, uzCyrlStatus],
  ru: [ru, ruOrganiser, ruOffer, ruBusy, ruStatus],
} as const;
const textsOf = (locale: keyof typeof CATALOGUES) => CATALOGUES[locale].flatMap((catalogue) => entries(catalogue));

describe("the wording in each language", () => {
  it.each([
    ["uz", /!\./, "a full stop after an exclamation mark"],
    ["uz-Cyrl", /!\./, "a full stop after an exclamation mark"],
    ["ru", /Настоящим сертификатом/, "a calque of the Uzbek certificate's opening"],
    ["ru", /Выгрузить его/, "a pupil who is a girl is no «его»"],
    ["ru", /Завершил (ученик|организатор)/, "a past tense with a gender"],
    ["ru", /\{count\} попытки: добавлено/, "a plural form built unlike its siblings"],
    ["uz-Cyrl", /лагер(?![ьа-яёўқғҳ])/i, "лагерь, as Cyrillic writes the loanword"],
    ["uz-Cyrl", /SOATO/, "СОАТО, the classifier's name in Cyrillic"],
  ] as const)("%s: no %s (%s)", (locale, bad, _why) => {
    for (const [path, text] of textsOf(locale)) expect(text, path).not.toMatch(bad);
  });

  it.each([
    ["uz", /\bpin\s*-?\s*kod|\bpinkod|\bPIN\b/gi, /^(Pin|pin) kod$/],
    ["uz-Cyrl", /пин\s*-?\s*код|пинкод|\bPIN\b/gi, /^(Пин|пин) код$/],
  ])("%s spells the PIN one way, the spec's («Pin kodni kiriting»)", (locale, anySpelling, theSpec) => {
    const spellings = textsOf(locale as "uz" | "uz-Cyrl").flatMap(([path, text]) =>
      [...text.matchAll(anySpelling)].map((m) => [path, m[0]]),
    );
    expect(spellings.length).toBeGreaterThan(5);
    for (const [path, spelling] of spellings) expect(spelling, path).toMatch(theSpec);
  });

  it("the certificate opens in Russian as an award does, with the name in the nominative and no gender", () => {
    expect(ru.certificate.lead).toBe("Награждается");
  });

  it("the end of an attempt is worded without a gender in Russian", () => {
    expect(Object.values(ruOrganiser.results.endedBy)).toEqual(["Завершено учеником", "Истекло время", "Завершено организатором"]);
    expect(ruOrganiser.pupils.exportData).toBe("Выгрузить данные ученика (JSON)");
  });

  it("a count of none is said as none: «Идущих попыток нет», not «0 идущих попыток»", () => {
    const ruIncidents = organiserMessagesOf("ru").incidents;
    const uzIncidents = organiserMessagesOf("uz").incidents;
    expect(ruIncidents.running({ count: 0 })).toBe("Идущих попыток нет");
    expect(ruIncidents.running({ count: 5 })).toBe("5 идущих попыток");
    expect(ruIncidents.running({ count: 2 })).toBe("2 идущие попытки");
    expect(uzIncidents.running({ count: 0 })).toBe("Ishlayotgan urinish yo'q");
    expect(uzIncidents.running({ count: 3 })).toBe("3 ta ishlayotgan urinish");
    expect(organiserMessagesOf("uz-Cyrl").incidents.running({ count: 0 })).toBe("Ишлаётган уриниш йўқ");
    expect(ruIncidents.applied({ count: 0, minutes: 5 })).toBe("Идущих попыток нет: время не добавлено");
    expect(uzIncidents.applied({ count: 4, minutes: 5 })).toBe("4 ta urinishga 5 daqiqa qo'shildi");
  });

  it("every Russian form of «{count} … добавлено» is built alike", () => {
    const { zero: _, ...forms } = ruOrganiser.incidents.applied as Record<string, string>;
    expect(Object.keys(forms).sort()).toEqual(["few", "many", "one", "other"]);
    for (const [form, text] of Object.entries(forms)) expect(text, form).toMatch(/^\{count\} попытк\p{L}+ добавлено \{minutes\} мин\.$/u);
  });

  it("a time hint is shown in its field's parentheses (components/ui/field.tsx) and has none of its own", () => {
    for (const messages of [uzOrganiser, uzCyrlOrganiser, ruOrganiser]) {
      expect(messages.common.tashkentTime).not.toMatch(/[()]/);
      expect(messages.tests.certificateDateHint).not.toMatch(/[()]/);
    }
  });

  it("Russian puts «в» before a time, never before a date: «закроется 03.12 в 20:01»", async () => {
    const { provideStatus } = await import("@/lib/process-state.mjs");
    const { statusResponder } = await import("@/server/status-page.mjs");
    const now = new Date();
    // 20:01 in Tashkent on a day that is not today's day and month, whatever today is.
    const laterDay = now.getUTCMonth() === 5 ? "07-03" : "06-03";
    const later = `2099-${laterDay}T15:01:00.000Z`;
    const shown = `03.${laterDay.slice(0, 2)}`;
    const test = (state: "open" | "closed", closedAt: string) => ({
      grade: 7,
      subject: { uz: "Fizika", "uz-Cyrl": "Физика", ru: "Физика" },
      state,
      openedAt: closedAt,
      closedAt,
    });
    const snapshot = { at: now.toISOString(), tests: [test("open", later), test("closed", now.toISOString())], notices: [], redis: null };
    provideStatus(async () => snapshot, 3600);
    const page = async (locale: "uz" | "ru") => {
      let body = "";
      const response = {
        writeHead: () => response,
        end: (text?: string) => {
          body = text ?? "";
        },
      };
      await statusResponder({ busy: () => false })({ method: "GET" } as never, response as never, "/holat", locale);
      return body;
    };
    const hourMinute = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Tashkent",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const russian = await page("ru");
    expect(russian).toContain(`Открыт, закроется ${shown} в 20:01`);
    expect(russian).toContain(`Закрыт в ${hourMinute.format(now)}`);
    expect(russian).not.toMatch(/в \d\d\.\d\d/);
    expect(await page("uz")).toContain(`Ochiq, ${shown} 20:01 da yopiladi`);
    // The check-in's time carries its date too.
    expect(ru.testAttempt.checkIn.lead).not.toMatch(/в \{opensAt\}/);
  });

  it("the organiser's «end the attempt now» says what happens, not its title again", () => {
    for (const messages of [uzOrganiser, uzCyrlOrganiser, ruOrganiser]) {
      expect(messages.pupils.endAttemptHint).toBeTruthy();
      expect(messages.pupils.endAttemptHint).not.toBe(messages.pupils.endAttempt);
    }
    expect(ruOrganiser.pupils.endAttemptHint).toMatch(/ответы будут оценены/);
  });
});

describe("numbers", () => {
  it.each([
    ["uz", "4,5", "50,0", "75 000"],
    ["uz-Cyrl", "4,5", "50,0", "75 000"],
    ["ru", "4,5", "50,0", "75 000"],
  ] as const)("%s writes a decimal comma and groups digits: %s / %s, %s so'm", (locale, score, max, fee) => {
    expect(points(locale, 4.5)).toBe(score);
    expect(points(locale, 50)).toBe(max);
    expect(wholeNumber(locale, 75_000).replace(/\s/g, " ")).toBe(fee);
  });
});
