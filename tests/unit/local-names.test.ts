// Names in the reader's language: regions, districts, schools and subjects said and sorted in
// Русский and Ўзбекча as they are in O'zbekcha, in the lists the forms, the console and the API
// read and in the results' exports; the official export's hash is of its data, the same whatever
// language the file is in.
import { parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attempts, organizations, registrations, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { buildExport, toCsv } from "@/lib/final-list/files";
import { messagesOf } from "@/lib/i18n/catalogues";
import { inLocaleOf } from "@/lib/i18n/server";
import { listDistricts, listOrganizations, listRegions } from "@/lib/reference/queries";
import { resultsPage } from "@/lib/results/published";
import { createTestOlympiad, type TestOlympiad } from "@/lib/testing/olympiad";
import { EndedBy } from "@/shared/attempts/enums";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { localName } from "@/shared/i18n/names";
import { setUpDatabase } from "../support/database";

setUpDatabase();

/** An API call from a browser whose language is `locale` (its cookie). */
const inCallOf = <T>(locale: Locale, call: () => Promise<T>): Promise<T> =>
  inLocaleOf({ headers: new Headers({ cookie: `lang=${locale}` }) }, call);

const sortedIn = (locale: Locale, names: string[]) => [...names].sort(new Intl.Collator(locale).compare);

const TASHKENT = 1726;

describe("regions and districts are named in the reader's language", () => {
  it("every district by its official Russian name, kept beside its SOATO code", async () => {
    const all = await listDistricts({ locale: "ru" });
    expect(all).toHaveLength(209);
    expect(all).toContainEqual({ districtId: 1726264, regionId: TASHKENT, name: "Бектемирский район" });
    expect(all).toContainEqual({ districtId: 1726269, regionId: TASHKENT, name: "Мирзо-Улугбекский район" });
    expect(all).toContainEqual({ districtId: 1703401, regionId: 1703, name: "город Андижан" });
    expect(all).toContainEqual({ districtId: 1730405, regionId: 1730, name: "город Коканд" });
    // A district without a Russian name would come out transliterated: "… тумани", "… шаҳри".
    expect(all.filter((d) => !/ район$|^город /.test(d.name))).toEqual([]);
    expect(await listRegions({ locale: "ru" })).toContainEqual({ regionId: 1735, name: "Республика Каракалпакстан" });
    expect(await listRegions({ locale: "uz-Cyrl" })).toContainEqual({ regionId: TASHKENT, name: "Тошкент шаҳри" });
    expect(await listRegions({ locale: "uz" })).toContainEqual({ regionId: TASHKENT, name: "Toshkent shahri" });
  });

  it.each(["uz", "uz-Cyrl", "ru"] as const)("sorted as %s sorts them", async (locale) => {
    const regions = (await listRegions({ locale })).map((r) => r.name);
    expect(regions).toEqual(sortedIn(locale, regions));
    const tashkent = (await listDistricts({ locale })).filter((d) => d.regionId === TASHKENT).map((d) => d.name);
    expect(tashkent).toEqual(sortedIn(locale, tashkent));
  });

  it("a Russian parent picks from Tashkent's districts in Russian order; Ўзбекча in its Cyrillic order", async () => {
    const tashkent = async (locale: Locale) => (await listDistricts({ locale })).filter((d) => d.regionId === TASHKENT).map((d) => d.name);
    expect(await tashkent("ru")).toEqual([
      "Алмазарский район",
      "Бектемирский район",
      "Мирабадский район",
      "Мирзо-Улугбекский район",
      "Сергелийский район",
      "Учтепинский район",
      "Чиланзарский район",
      "Шайхантахурский район",
      "Юнусабадский район",
      "Яккасарайский район",
      "Янгихаётский район",
      "Яшнабадский район",
    ]);
    // Uzbek Latin puts ch and sh after z; Cyrillic has Ч and Ш before Ю.
    const cyrillic = await tashkent("uz-Cyrl");
    expect(cyrillic.indexOf("Чилонзор тумани")).toBeLessThan(cyrillic.indexOf("Юнусобод тумани"));
    const latin = await tashkent("uz");
    expect(latin.indexOf("Chilonzor tumani")).toBeGreaterThan(latin.indexOf("Yunusobod tumani"));
  });

  it("the API answers in its caller's language (the cookie, else Accept-Language)", async () => {
    expect(await inCallOf("ru", () => listDistricts())).toContainEqual({
      districtId: 1726264,
      regionId: TASHKENT,
      name: "Бектемирский район",
    });
    expect(await inCallOf("uz-Cyrl", () => listRegions())).toContainEqual({ regionId: TASHKENT, name: "Тошкент шаҳри" });
    const accepted = await inLocaleOf({ headers: new Headers({ "accept-language": "ru-RU,ru;q=0.9" }) }, () => listRegions());
    expect(accepted).toContainEqual({ regionId: TASHKENT, name: "город Ташкент" });
  });
});

describe("a school's and a subject's name", () => {
  it.each([
    ["ru", "1-son umumiy o'rta ta'lim maktabi", "Школа № 1"],
    ["ru", "21-son umumiy oʻrta taʼlim maktabi", "Школа № 21"],
    ["ru", "3-sonli maktab", "Школа № 3"],
    ["ru", "5-son ixtisoslashtirilgan davlat umumta'lim maktabi", "Специализированная школа № 5"],
    ["ru", "Prezident maktabi", "Президентская школа"],
    // No Russian name known: the Uzbek one, in Cyrillic letters.
    ["ru", "Al-Xorazmiy maktabi", "Ал-Хоразмий мактаби"],
    ["ru", "Matematika", "Математика"],
    ["ru", "Yunusobod tumani", "Юнусабадский район"],
    ["uz-Cyrl", "1-son umumiy o'rta ta'lim maktabi", "1-сон умумий ўрта таълим мактаби"],
    ["uz-Cyrl", "Matematika", "Математика"],
    ["uz", "1-son umumiy o'rta ta'lim maktabi", "1-son umumiy o'rta ta'lim maktabi"],
  ] as const)("in %s: %s → %s", (locale, stored, said) => {
    const m = messagesOf(locale);
    expect(localName(m, locale, stored)).toBe(said);
    // Said twice (a server's list, then a component's) it stays the same.
    expect(localName(m, locale, said)).toBe(said);
  });

  it("a district's schools, said in Russian, sorted by their number", async () => {
    const district = 1735209;
    const names = ["12-son umumiy o'rta ta'lim maktabi", "2-son umumiy o'rta ta'lim maktabi", "Prezident maktabi"];
    await db
      .insert(organizations)
      .values(names.map((name) => ({ districtId: district, name })))
      .onConflictDoNothing();
    const said = (await listOrganizations({ districtId: district, locale: "ru" })).map((o) => o.name);
    expect(said.filter((name) => ["Школа № 2", "Школа № 12", "Президентская школа"].includes(name))).toEqual([
      "Школа № 2",
      "Школа № 12",
      "Президентская школа",
    ]);
  });
});

describe("the official export: one language per file, one hash for every language", () => {
  const CHILONZOR = 1726294;
  const YUNUSOBOD = 1726266;

  /** Ended attempts of pupils of a school of each district (the ranking reads only these rows). */
  async function seed(o: TestOlympiad) {
    const start = new Date("2025-06-02T05:00:00Z");
    const schools = await db
      .insert(organizations)
      .values([CHILONZOR, YUNUSOBOD].map((districtId) => ({ districtId, name: "1-son umumiy o'rta ta'lim maktabi" })))
      .onConflictDoNothing()
      .returning();
    const school = async (districtId: number) =>
      schools.find((s) => s.districtId === districtId)?.id ??
      (
        await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.districtId, districtId), inArray(organizations.name, ["1-son umumiy o'rta ta'lim maktabi"])))
      )[0].id;
    for (const [districtId, firstName, easy] of [
      [CHILONZOR, "Anvar", 90],
      [YUNUSOBOD, "Bahrom", 80],
      [YUNUSOBOD, "Dilnoza", 70],
    ] as const) {
      const organizationId = await school(districtId);
      const placed = { districtId, regionId: TASHKENT, organizationId };
      const [user] = await db
        .insert(users)
        .values({ firstName, lastName: "Nomlar", ...placed, grade: o.grade, subjectId: o.subjectId, phoneNumber: "901234567" })
        .returning({ id: users.id });
      await db.insert(registrations).values({ guid: crypto.randomUUID(), userId: user.id, status: 2, amountSom: 75000, ...placed });
      await db.insert(attempts).values({
        userId: user.id,
        testId: o.testId,
        startedAt: start,
        deadlineAt: new Date(start.getTime() + 90 * 60_000),
        endedAt: new Date(start.getTime() + 600_000),
        endedBy: EndedBy.Pupil,
        easyScoreTenths: easy,
      });
    }
  }

  async function exported() {
    const o = await createTestOlympiad({ closedAt: new Date(Date.now() - 60_000), openedAt: new Date(Date.now() - 3_600_000) });
    await seed(o);
    return o;
  }

  const rowsOf = (csv: string) => parse(csv.slice(1), { relax_column_count: true }) as string[][];

  it("the published hash is the same in O'zbekcha, Ўзбекча and Русский, in the files and on the console", async () => {
    const o = await exported();
    const query = { testId: o.testId, scope: "top5", format: "csv" } as const;
    const uzbek = (await inCallOf("uz", () => buildExport(query)))!;
    // Downloaded from a Russian page (the organiser's language), and chosen on an Uzbek one.
    const russian = (await inCallOf("ru", () => buildExport(query)))!;
    const cyrillic = (await inCallOf("uz", () => buildExport({ ...query, lang: "uz-Cyrl" })))!;
    expect(russian.contentHash).toBe(uzbek.contentHash);
    expect(cyrillic.contentHash).toBe(uzbek.contentHash);
    for (const locale of ["uz", "ru"] as const) {
      expect((await inCallOf(locale, () => resultsPage({ testId: o.testId }))).published.topHash).toBe(uzbek.contentHash);
    }
    const all = { ...query, scope: "all" } as const;
    expect((await buildExport({ ...all, lang: "ru" }))!.contentHash).toBe((await buildExport({ ...all, lang: "uz" }))!.contentHash);
  });

  it("the file is in the language chosen: its words, the places, the school, the subject, and that language's order", async () => {
    const o = await exported();
    const file = (await inCallOf("uz", () => buildExport({ testId: o.testId, scope: "top5", format: "csv", lang: "ru" })))!;
    const [info, header, ...rows] = rowsOf(toCsv(file));
    expect(info).toContain(`SHA-256 данных списка: ${file.contentHash}`);
    expect(header.slice(0, 5)).toEqual(["Место", "ФИО", "Школа", "Район", "Область"]);
    // Чиланзарский before Юнусабадский: Russian's order (Uzbek's puts Chilonzor after Yunusobod).
    expect(rows.map((r) => r.slice(1, 5))).toEqual([
      ["Nomlar Anvar", "Школа № 1", "Чиланзарский район", "город Ташкент"],
      ["Nomlar Bahrom", "Школа № 1", "Юнусабадский район", "город Ташкент"],
      ["Nomlar Dilnoza", "Школа № 1", "Юнусабадский район", "город Ташкент"],
    ]);
    // The suite's own subject ("Sinov fani …") has no Russian name: in Cyrillic letters.
    expect(rows[0][6]).toMatch(/^Синов фани /);

    const uzbek = rowsOf(toCsv((await buildExport({ testId: o.testId, scope: "top5", format: "csv", lang: "uz" }))!));
    expect(uzbek.slice(2).map((r) => r[3])).toEqual(["Yunusobod tumani", "Yunusobod tumani", "Chilonzor tumani"]);
    expect(uzbek[2][2]).toBe("1-son umumiy o'rta ta'lim maktabi");
  });
});
