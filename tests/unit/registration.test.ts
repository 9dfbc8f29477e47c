// Registration: status by guid, create, update while unpaid, refuse after payment,
// the server-only consistency checks, and concurrent submissions — on a real database.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { districts, organizations, registrations, subjects, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { NEW_REGISTRATIONS_PER_ADDRESS } from "@/lib/registration/register-limit";
import { getRegisterStatus, getRegistrationDetails, register } from "@/lib/registration/registration";
import { RegistrationStatus } from "@/shared/registration/status";
import { setUpDatabase } from "../support/database";

setUpDatabase();

/** A parent's submission from one address. */
const FROM = { clientAddress: "10.0.0.1" };

async function place() {
  const [district] = await db.select().from(districts).where(eq(districts.name, "Yunusobod tumani"));
  const [school] = await db
    .insert(organizations)
    .values({ districtId: district.id, name: `Test maktabi ${randomUUID()}` })
    .returning();
  const [subject] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.name, "Fizika"), eq(subjects.grade, 8)));
  return { district, school, subject };
}

async function details() {
  const { district, school, subject } = await place();
  return {
    guid: randomUUID(),
    regionId: district.regionId,
    districtId: district.id,
    organizationId: school.id,
    grade: 8,
    subjectId: subject.id,
    firstName: "Nodira",
    lastName: "Yusupova",
    middleName: "Bahodirovna",
    birthDate: "2011-09-01",
    phoneNumber: "935551122",
  };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("GetRegisterStatus", () => {
  it("a guid never seen answers status 0, no user, and the fee", async () => {
    expect(await getRegisterStatus({ guid: randomUUID() })).toEqual({ status: 0, userId: null, amountToPay: 75_000 });
  });
});

describe("Register", () => {
  it("creates the pupil (role Default, no credentials) and the registration (status 1)", async () => {
    const input = await details();
    const status = await register(input, FROM);
    expect(status).toMatchObject({ status: 1, amountToPay: 75_000 });
    expect(await getRegisterStatus({ guid: input.guid })).toEqual(status);
    const [user] = await db.select().from(users).where(eq(users.id, status.userId!));
    expect(user).toMatchObject({ role: 1, firstName: "Nodira", lastName: "Yusupova", phoneNumber: "935551122" });
  });

  it("re-submitting the same guid before payment updates the same pupil", async () => {
    const input = await details();
    const first = await register(input, FROM);
    const second = await register({ ...input, firstName: "Nilufar", phoneNumber: undefined, organizationId: 0 }, FROM);
    expect(second.userId).toBe(first.userId);
    const saved = await getRegistrationDetails({ guid: input.guid });
    expect(saved).toMatchObject({ firstName: "Nilufar", phoneNumber: undefined, organizationId: 0 });
  });

  it("is refused after payment with 1001, and nothing changes", async () => {
    const input = await details();
    await register(input, FROM);
    await db.update(registrations).set({ status: 2 }).where(eq(registrations.guid, input.guid));
    const error = await rejection(register({ ...input, firstName: "Boshqa" }, FROM));
    expect(error.status).toBe(400);
    expect(error.code).toBe(1001);
    expect((await getRegistrationDetails({ guid: input.guid }))?.firstName).toBe("Nodira");
  });

  it("a district of another region is refused on districtId", async () => {
    const input = await details();
    const error = await rejection(register({ ...input, regionId: 1703 }, FROM));
    expect(error.status).toBe(422);
    expect(error.validationErrors).toEqual({ districtId: ["Invalid"] });
    expect((await getRegisterStatus({ guid: input.guid })).status).toBe(0);
  });

  it("a school of another district is refused on organizationId", async () => {
    const input = await details();
    const [elsewhere] = await db.select().from(districts).where(eq(districts.name, "Chilonzor tumani"));
    const [foreign] = await db
      .insert(organizations)
      .values({ districtId: elsewhere.id, name: `Boshqa ${randomUUID()}` })
      .returning();
    const error = await rejection(register({ ...input, organizationId: foreign.id }, FROM));
    expect(error.validationErrors).toEqual({ organizationId: ["Invalid"] });
  });

  it("a subject of another grade is refused on subjectId", async () => {
    const input = await details();
    const error = await rejection(register({ ...input, grade: 5 }, FROM));
    expect(error.validationErrors).toEqual({ subjectId: ["Invalid"] });
  });

  it("an unknown region is refused on regionId and districtId", async () => {
    const input = await details();
    const error = await rejection(register({ ...input, regionId: 9999 }, FROM));
    expect(error.validationErrors).toEqual({ regionId: ["Invalid"], districtId: ["Invalid"] });
  });

  it("one address makes at most NEW_REGISTRATIONS_PER_ADDRESS new registrations in 10 minutes; its edits and other addresses go on", async () => {
    const input = await details();
    const script = { clientAddress: "10.66.66.66" };
    const first = await register(input, script);
    for (let i = 1; i < NEW_REGISTRATIONS_PER_ADDRESS; i++) await register({ ...input, guid: randomUUID() }, script);
    const refused = randomUUID();
    const error = await rejection(register({ ...input, guid: refused }, script));
    expect(error.status).toBe(429);
    expect(await db.select().from(registrations).where(eq(registrations.guid, refused))).toHaveLength(0);
    // A parent behind the same address editing a registration already made is not held back.
    expect((await register({ ...input, firstName: "Nilufar" }, script)).userId).toBe(first.userId);
    expect((await register({ ...input, guid: randomUUID() }, FROM)).status).toBe(RegistrationStatus.Registered);
  });

  it("ten concurrent submissions of one guid make one registration and one pupil", async () => {
    const input = await details();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register({ ...input, firstName: `Nodira${"a".repeat(i)}` }, FROM)),
    );
    const userIds = new Set(results.map((r) => r.userId));
    expect(userIds.size).toBe(1);
    const rows = await db.select().from(registrations).where(eq(registrations.guid, input.guid));
    expect(rows).toHaveLength(1);
    const pupils = await db
      .select()
      .from(users)
      .where(eq(users.id, [...userIds][0]!));
    expect(pupils).toHaveLength(1);
  });
});
