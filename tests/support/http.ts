// HTTP helpers for the Playwright suites: pupils made by the server, signed-in request contexts.
import { randomUUID } from "node:crypto";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import type { createTestPupil } from "@/lib/testing/pupils";
import { baseURL, testSupportToken } from "../../playwright.config";
import { TEST_ENV } from "./test-env";

export const ORGANISER = { username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD } as const;
export const DEMO_PUPIL = { username: "demo7mat", password: "Demo2025" } as const;

export type Credentials = { username: string; password: string };
export type TestPupil = Credentials & { userId: number };

export async function newPupil(
  request: APIRequestContext,
  body: NonNullable<Parameters<typeof createTestPupil>[0]> = {},
): Promise<TestPupil> {
  const response = await request.post("/api/test-support/pupils", {
    data: body,
    headers: { Authorization: `Bearer ${testSupportToken}` },
  });
  if (!response.ok()) throw new Error(`test-support/pupils: ${response.status()}`);
  return response.json();
}

/** A registration awaiting payment, made as a parent's browser makes it (Registration/Register). */
export async function registerOverHttp(
  request: APIRequestContext,
  {
    guid = randomUUID(),
    grade = 5,
    subject = "Matematika",
    names = { firstName: "Madina", lastName: "Rahimova" },
  }: { guid?: string; grade?: number; subject?: string; names?: { firstName: string; lastName: string; middleName?: string } } = {},
): Promise<string> {
  const subjects: { subjectId: number; grade: number; name: string }[] = await (await request.get("/api/Subjects/GetAll")).json();
  const response = await request.post("/api/Registration/Register", {
    data: {
      guid,
      regionId: 1726,
      districtId: 1726266,
      grade,
      subjectId: subjects.find((s) => s.grade === grade && s.name === subject)!.subjectId,
      ...names,
    },
  });
  if (!response.ok()) throw new Error(`Registration/Register: ${response.status()}`);
  return guid;
}

/** A request context with its own cookie jar, signed in as `credentials`. */
export async function signedIn(credentials: Credentials): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post("/api/Identity/Login", { data: credentials });
  if (!response.ok()) throw new Error(`sign-in of ${credentials.username}: ${response.status()} ${await response.text()}`);
  return context;
}

export async function anonymous(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

export type Olympiad = { subjectId: number; testId: number; pinCode: string; grade: number };

/** A subject of its own with a small bank and a test (lib/testing/olympiad), made by the server. */
export async function newOlympiad(request: APIRequestContext, body: Record<string, unknown> = {}): Promise<Olympiad> {
  const response = await request.post("/api/test-support/olympiads", {
    data: body,
    headers: { Authorization: `Bearer ${testSupportToken}` },
  });
  if (!response.ok()) throw new Error(`test-support/olympiads: ${response.status()} ${await response.text()}`);
  return response.json();
}
