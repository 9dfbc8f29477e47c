// Reference data: regions and districts with SOATO codes, subjects per grade, schools.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { districts, organizations } from "@/db/schema";
import { db } from "@/lib/db/client";
import { compareSchools, listDistricts, listOrganizations, listRegions, listSubjects } from "@/lib/reference/queries";
import { seedReferenceData } from "@/lib/setup/reference-data";
import { importSchools, parseSchoolsCsv } from "@/lib/setup/schools";
import { setUpDatabase } from "../support/database";

setUpDatabase();

/** The olympiad's subjects; suites add their own, named "Sinov fani …" (lib/testing). */
const olympiadSubjects = async () => (await listSubjects()).filter((s) => !s.name.startsWith("Sinov fani"));

describe("regions and districts", () => {
  it("has the 14 regions and 209 districts, keyed by SOATO code", async () => {
    const regionList = await listRegions();
    const districtList = await listDistricts();
    expect(regionList).toHaveLength(14);
    expect(districtList).toHaveLength(209);
    expect(regionList).toContainEqual({ regionId: 1735, name: "Qoraqalpog'iston Respublikasi" });
    expect(regionList).toContainEqual({ regionId: 1726, name: "Toshkent shahri" });
    expect(districtList.every((d) => String(d.districtId).startsWith(String(d.regionId)))).toBe(true);
  });

  it("seeding again changes nothing", async () => {
    await seedReferenceData(db);
    expect(await listRegions()).toHaveLength(14);
    expect(await listDistricts()).toHaveLength(209);
    expect(await olympiadSubjects()).toHaveLength(20);
  });
});

describe("subjects", () => {
  it("Matematika, Biologiya, Kimyo, Fizika for each grade 5–9", async () => {
    const subjectList = await olympiadSubjects();
    for (const grade of [5, 6, 7, 8, 9]) {
      expect(
        subjectList
          .filter((s) => s.grade === grade)
          .map((s) => s.name)
          .sort(),
      ).toEqual(["Biologiya", "Fizika", "Kimyo", "Matematika"]);
    }
  });
});

describe("schools are sorted by leading number, then by name", () => {
  it("orders numbers numerically, unnumbered ones last by name", () => {
    const names = [
      "21-son maktab",
      "Prezident maktabi",
      "2-son maktab",
      "12-son maktab",
      "1-son maktab",
      "Al-Xorazmiy maktabi",
      "2-son ixtisoslashtirilgan",
    ];
    expect(
      names
        .map((name) => ({ name }))
        .sort(compareSchools)
        .map((s) => s.name),
    ).toEqual([
      "1-son maktab",
      "2-son ixtisoslashtirilgan",
      "2-son maktab",
      "12-son maktab",
      "21-son maktab",
      "Al-Xorazmiy maktabi",
      "Prezident maktabi",
    ]);
  });
});

describe("school import (CSV: district SOATO code + name)", () => {
  it("adds new schools, skips ones already there and reports bad rows", async () => {
    const unique = randomUUID().slice(0, 8);
    const csv = [
      "district_soato;name",
      `1703202;"7-son umumiy o'rta ta'lim maktabi ${unique}"`,
      `1703202;"31-son umumiy o'rta ta'lim maktabi ${unique}"`,
      `17032;Bad code`,
      `1703202;X`,
      `9999999;Nowhere ${unique}`,
    ].join("\n");
    const { rows, errors } = parseSchoolsCsv(csv);
    expect(rows).toHaveLength(3);
    expect(errors).toEqual([
      "4-qator: tuman SOATO kodi 7 ta raqamdan iborat bo'lishi kerak",
      "5-qator: maktab nomi 3–200 belgidan iborat bo'lishi kerak",
    ]);
    const first = await importSchools(db, rows);
    expect(first).toMatchObject({ inserted: 2, skipped: 0 });
    expect(first.errors).toEqual([`Noma'lum tuman SOATO kodi: 9999999 (Nowhere ${unique})`]);
    const again = await importSchools(db, rows);
    expect(again).toMatchObject({ inserted: 0, skipped: 2 });

    const listed = (await listOrganizations({ districtId: 1703202 })).filter((o) => o.name.includes(unique));
    expect(listed.map((o) => o.name)).toEqual([
      `7-son umumiy o'rta ta'lim maktabi ${unique}`,
      `31-son umumiy o'rta ta'lim maktabi ${unique}`,
    ]);
  });

  it("accepts a comma-separated file with a byte-order mark", () => {
    const { rows } = parseSchoolsCsv("\uFEFFdistrict_soato,name\n1703202,Yangi maktab\n");
    expect(rows).toEqual([{ districtSoato: 1703202, name: "Yangi maktab" }]);
  });

  it("listOrganizations answers only the district's schools", async () => {
    const [district] = await db.select().from(districts).where(eq(districts.id, 1703203));
    await db.insert(organizations).values({ districtId: district.id, name: `Faqat shu tuman ${randomUUID()}` });
    const listed = await listOrganizations({ districtId: 1703203 });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((o) => o.districtId === 1703203)).toBe(true);
  });
});
