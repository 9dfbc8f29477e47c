// Registration/GetRegisterStatus and Registration/Register over HTTP: good, bad, hostile, huge and
// concurrent input; never a 500, never half-written.
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "../support/fixtures";

const PAID_DEMO_GUID = "00000000-0000-4000-8000-000000000002";

async function validDetails(request: APIRequestContext) {
  const [school] = await (await request.get("/api/Organizations/GetAll?districtId=1726266")).json();
  const subjects: { subjectId: number; grade: number; name: string }[] = await (await request.get("/api/Subjects/GetAll")).json();
  const subject = subjects.find((s) => s.grade === 6 && s.name === "Biologiya")!;
  return {
    guid: randomUUID(),
    regionId: 1726,
    districtId: 1726266,
    organizationId: school.organizationId as number,
    grade: 6,
    subjectId: subject.subjectId,
    firstName: "Jasur",
    lastName: "Qodirov",
    middleName: "Anvarovich",
    birthDate: "2013-05-20",
    phoneNumber: "991112233",
  };
}

const status = async (request: APIRequestContext, guid: string) =>
  (await request.get(`/api/Registration/GetRegisterStatus?guid=${guid}`)).json();

test.describe("GetRegisterStatus", () => {
  test("a guid never seen: status 0, no user, the fee", async ({ request }) => {
    expect(await status(request, randomUUID())).toEqual({ status: 0, userId: null, amountToPay: 75000 });
  });

  test("a malformed or missing guid is a 422 on guid", async ({ request }) => {
    for (const query of ["", "?guid=123", "?guid=<script>", "?guid=' or 1=1 --"]) {
      const response = await request.get(`/api/Registration/GetRegisterStatus${query}`);
      expect(response.status(), query).toBe(422);
      expect((await response.json()).validationErrors).toHaveProperty("guid");
    }
  });
});

test.describe("Register", () => {
  test("creates the registration (status 1) and a re-submission updates it", async ({ request }) => {
    const details = await validDetails(request);
    const first = await request.post("/api/Registration/Register", { data: details });
    expect(first.status()).toBe(200);
    const created = await first.json();
    expect(created).toEqual({ status: 1, userId: expect.any(Number), amountToPay: 75000 });
    expect(await status(request, details.guid)).toEqual(created);

    const again = await request.post("/api/registration/register", { data: { ...details, firstName: "Javohir" } });
    expect(again.status()).toBe(200);
    expect((await again.json()).userId).toBe(created.userId);
  });

  test("after payment a re-submission is refused with 1001", async ({ request }) => {
    const details = await validDetails(request);
    const response = await request.post("/api/Registration/Register", { data: { ...details, guid: PAID_DEMO_GUID } });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.code).toBe(1001);
    expect(body.message).toMatch(/to'lov allaqachon/);
    expect((await status(request, PAID_DEMO_GUID)).status).toBe(2);
  });

  test("bad input is a 422 with camelCase codes, and nothing is written", async ({ request }) => {
    const details = await validDetails(request);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { ...details, firstName: "Al", lastName: "" },
        { firstName: ["MinLength"], lastName: ["Required"] },
      ],
      [{ ...details, phoneNumber: "90-123-45" }, { phoneNumber: ["Pattern"] }],
      [{ ...details, phoneNumber: "9012345" }, { phoneNumber: ["Length"] }],
      [{ ...details, grade: "6" }, { grade: ["Invalid"] }],
      [{ ...details, grade: 11 }, { grade: ["Range"] }],
      [{ ...details, regionId: 1703 }, { districtId: ["Invalid"] }],
      [{ ...details, grade: 9 }, { subjectId: ["Invalid"] }],
      [{ ...details, organizationId: 999999 }, { organizationId: ["Invalid"] }],
      [{ ...details, firstName: "<img src=x onerror=alert(1)>" }, { firstName: ["Pattern"] }],
      [{ ...details, lastName: "x'); DROP TABLE users; --" }, { lastName: ["Pattern"] }],
      [{ ...details, middleName: "A".repeat(5000) }, { middleName: ["MaxLength"] }],
      [{ ...details, birthDate: "2013-13-45" }, { birthDate: ["Invalid"] }],
      [{ ...details, guid: "../../etc/passwd" }, { guid: ["Invalid"] }],
      [{ ...details, language: 3 }, { language: ["Enum"] }],
      [{ ...details, language: "1" }, { language: ["Enum"] }],
      [{ ...details, language: -1 }, { language: ["Enum"] }],
    ];
    for (const [data, validationErrors] of cases) {
      const response = await request.post("/api/Registration/Register", { data });
      expect(response.status(), JSON.stringify(validationErrors)).toBe(422);
      expect(await response.json()).toEqual({ code: null, message: "Kiritilgan ma'lumotlarda xatolik bor.", validationErrors });
    }
    expect((await status(request, details.guid)).status).toBe(0);
    expect(await (await request.get("/api/Regions/GetAll")).json()).toHaveLength(14);
  });

  test("a missing, malformed or non-object body is a 422 on body", async ({ request }) => {
    const send = (data: string) => request.post("/api/Registration/Register", { data, headers: { "Content-Type": "application/json" } });
    expect((await (await send("")).json()).validationErrors).toEqual({ body: ["Required"] });
    for (const data of ["{not json", "[1,2,3]", "42", "null", '"text"']) {
      const response = await send(data);
      expect(response.status(), data).toBe(422);
      expect((await response.json()).validationErrors, data).toHaveProperty("body");
    }
  });

  test("a body over the limit is a 413 in the contract's shape", async ({ request }) => {
    const details = await validDetails(request);
    const response = await request.post("/api/Registration/Register", {
      data: { ...details, padding: "x".repeat(200 * 1024) },
    });
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ code: null, message: expect.any(String), validationErrors: {} });
    expect((await status(request, details.guid)).status).toBe(0);
  });

  test("a wrong method is refused without a 500", async ({ request }) => {
    const response = await request.get("/api/Registration/Register");
    expect(response.status()).toBe(405);
  });

  test("twenty concurrent submissions of one guid make one pupil", async ({ request }) => {
    const details = await validDetails(request);
    const responses = await Promise.all(Array.from({ length: 20 }, () => request.post("/api/Registration/Register", { data: details })));
    expect(responses.map((r) => r.status())).toEqual(Array(20).fill(200));
    const userIds = new Set(await Promise.all(responses.map(async (r) => (await r.json()).userId)));
    expect(userIds.size).toBe(1);
    expect((await status(request, details.guid)).userId).toBe([...userIds][0]);
  });
});

test.describe("Register from one shared address (a carrier's NAT in the registration weeks)", () => {
  test("300 parents from one address all register, typos and all; one registration edited past its budget is limited alone", async ({
    request,
  }) => {
    const headers = { "X-Forwarded-For": "10.44.0.1" };
    const details = await validDetails(request);
    const statuses: number[] = [];
    let next = 0;
    const parent = async () => {
      while (next < 300) {
        const guid = randomUUID();
        next += 1;
        // A typo first (a 422), then the corrected form.
        await request.post("/api/Registration/Register", { data: { ...details, guid, phoneNumber: "12" }, headers });
        statuses.push((await request.post("/api/Registration/Register", { data: { ...details, guid }, headers })).status());
      }
    };
    await Promise.all(Array.from({ length: 6 }, parent));
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // One registration submitted over and over: its own budget (20 in 10 minutes), nobody else's.
    const guid = randomUUID();
    const edits: number[] = [];
    for (let i = 0; i < 22; i++)
      edits.push((await request.post("/api/Registration/Register", { data: { ...details, guid }, headers })).status());
    expect(edits.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(edits.slice(20)).toEqual([429, 429]);
    const another = await request.post("/api/Registration/Register", { data: { ...details, guid: randomUUID() }, headers });
    expect(another.status()).toBe(200);
  });
});
