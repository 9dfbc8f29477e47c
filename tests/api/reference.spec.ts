// Reference-data endpoints (spec §7) and the error contract over HTTP.
import { expect, test } from "../support/fixtures";

test.describe("Regions, Districts, Subjects", () => {
  test("GetAll answer the spec's shapes", async ({ request }) => {
    const regions = await (await request.get("/api/Regions/GetAll")).json();
    const districts = await (await request.get("/api/Districts/GetAll")).json();
    const subjects = await (await request.get("/api/Subjects/GetAll")).json();
    expect(regions).toHaveLength(14);
    expect(regions[0]).toEqual({ regionId: expect.any(Number), name: expect.any(String) });
    expect(districts).toHaveLength(209);
    expect(districts[0]).toEqual({ districtId: expect.any(Number), regionId: expect.any(Number), name: expect.any(String) });
    // The olympiad's 20 (suites may add subjects of their own, named "Sinov fani …").
    expect(subjects.filter((s: { name: string }) => !s.name.startsWith("Sinov fani"))).toHaveLength(20);
    expect(subjects[0]).toEqual({ subjectId: expect.any(Number), grade: expect.any(Number), name: expect.any(String) });
  });

  test("paths and query keys answer in any casing", async ({ request }) => {
    for (const path of ["/api/regions/getall", "/API/REGIONS/GETALL", "/api/rEgIoNs/GeTaLl"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.json()).toHaveLength(14);
    }
    const schools = await request.get("/api/organizations/getall?DISTRICTID=1726266");
    expect(schools.status()).toBe(200);
    expect((await schools.json()).length).toBeGreaterThan(0);
  });
});

test.describe("names in the caller's language", () => {
  test("Districts/GetAll in Russian: the official names, in Russian order, cached per language", async ({ request }) => {
    const response = await request.get("/api/Districts/GetAll", { headers: { Cookie: "lang=ru" } });
    expect(response.headers().vary).toContain("Cookie");
    expect(response.headers().vary).toContain("Accept-Language");
    const districts: { districtId: number; regionId: number; name: string }[] = await response.json();
    expect(districts).toContainEqual({ districtId: 1726264, regionId: 1726, name: "Бектемирский район" });
    expect(districts).toContainEqual({ districtId: 1726269, regionId: 1726, name: "Мирзо-Улугбекский район" });
    const tashkent = districts.filter((d) => d.regionId === 1726).map((d) => d.name);
    expect(tashkent).toEqual([...tashkent].sort(new Intl.Collator("ru").compare));
    expect(tashkent[0]).toBe("Алмазарский район");
  });

  test("Regions/GetAll in Ўзбекча by Accept-Language; Organizations/GetAll in Russian, by number", async ({ request }) => {
    const regions = await (await request.get("/api/Regions/GetAll", { headers: { "Accept-Language": "uz-Cyrl-UZ" } })).json();
    expect(regions).toContainEqual({ regionId: 1726, name: "Тошкент шаҳри" });
    const schools: { name: string }[] = await (
      await request.get("/api/Organizations/GetAll?districtId=1726266", { headers: { Cookie: "lang=ru" } })
    ).json();
    const names = schools.map((s) => s.name);
    expect(names).toContain("Школа № 1");
    expect(names).toContain("Президентская школа");
    expect(names.indexOf("Школа № 2")).toBeLessThan(names.indexOf("Школа № 12"));
  });
});

test.describe("Organizations/GetAll", () => {
  test("answers the district's schools sorted by leading number, then name", async ({ request }) => {
    const schools: { organizationId: number; districtId: number; name: string }[] = await (
      await request.get("/api/Organizations/GetAll?districtId=1726266")
    ).json();
    expect(schools.every((s) => s.districtId === 1726266)).toBe(true);
    const numbers = schools.map((s) => Number(/^(\d+)/.exec(s.name)?.[1] ?? Infinity));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const unnumbered = schools.filter((s) => !/^\d/.test(s.name)).map((s) => s.name);
    expect(unnumbered).toContain("Prezident maktabi");
    expect(unnumbered).toEqual([...unnumbered].sort(new Intl.Collator("uz").compare));
  });

  test("a missing, malformed or huge districtId is a 422 naming the field", async ({ request }) => {
    for (const query of [
      "",
      "?districtId=",
      "?districtId=abc",
      "?districtId=-1",
      "?districtId=99999999999999",
      "?districtId=1;drop table users",
    ]) {
      const response = await request.get(`/api/Organizations/GetAll${query}`);
      expect(response.status(), query).toBe(422);
      const body = await response.json();
      expect(body).toEqual({
        code: null,
        message: "Kiritilgan ma'lumotlarda xatolik bor.",
        validationErrors: { districtId: expect.any(Array) },
      });
    }
  });

  test("an unknown district has no schools", async ({ request }) => {
    const response = await request.get("/api/Organizations/GetAll?districtId=1234567");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

test.describe("the error contract", () => {
  test("an unknown API path is a JSON 404 in the contract's shape", async ({ request }) => {
    const response = await request.post("/api/Nothing/Here", { data: {} });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      code: null,
      message: "Serverda so'ralgan ma'lumot topilmadi.",
      validationErrors: {},
    });
  });
});

test("the site's icon is served at /favicon.ico, where browsers ask for it", async ({ request }) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/");
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO file
});
