// Pupils for the test suites, made through the domain functions: a registration, then a login.
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { subjects } from "@/db/schema";
import { setCredentials } from "@/lib/identity/users";
import { register } from "@/lib/registration/registration";

export type TestPupil = { userId: number; username: string; password: string };

export async function createTestPupil({
  password = "Parol2025",
  grade = 7,
  subject = "Matematika",
}: { password?: string; grade?: number; subject?: string } = {}): Promise<TestPupil> {
  const [row] = await db.select().from(subjects).where(and(eq(subjects.name, subject), eq(subjects.grade, grade)));
  const { userId } = await register({
    guid: randomUUID(),
    regionId: 1726,
    districtId: 1726266,
    grade,
    subjectId: row.id,
    firstName: "Test",
    lastName: "Oquvchi",
    middleName: "Sinovovich",
  });
  const username = `t${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  await setCredentials({ userId: userId!, username, password });
  return { userId: userId!, username, password };
}
