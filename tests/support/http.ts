// HTTP helpers for the Playwright suites: pupils made by the server, signed-in request contexts.
import { randomUUID } from "node:crypto";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import type { createTestPupil } from "@/lib/testing/pupils";
import { baseURL, testSupportToken } from "../../playwright.config";
import { TEST_ENV } from "./test-env";

export const ORGANISER = { username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD } as const;
export const DEMO_PUPIL = { username: "demo7mat", password: "Demo2025" } as const;

export type Credentials = { username: string; password: string };
export type TestPupil = Credentials & { userId: number; guid: string };

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

/** A request context with its own cookie jar, signed in as `credentials` (at the suites' server, or `at`). */
export async function signedIn(credentials: Credentials, at = baseURL): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: at });
  const response = await context.post("/api/Identity/Login", { data: credentials });
  if (!response.ok()) throw new Error(`sign-in of ${credentials.username}: ${response.status()} ${await response.text()}`);
  return context;
}

/** The signed-in pupil's profile as Identity/Update takes it (school, middle name, birth date and phone filled in). */
export async function profileOf(session: APIRequestContext) {
  const me = await (await session.get("/api/Identity/GetCurrentUser")).json();
  return {
    regionId: me.regionId as number,
    districtId: me.districtId as number,
    organizationId: 0,
    grade: me.grade as number,
    subjectId: me.subjectId as number,
    firstName: me.firstName as string,
    lastName: me.lastName as string,
    middleName: (me.middleName as string | null) ?? "Sinovovich",
    birthDate: (me.birthDate as string | null) ?? "2012-01-01",
    phoneNumber: (me.phoneNumber as string | null) ?? "901112233",
  };
}

export async function anonymous(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

export type Olympiad = { subjectId: number; testId: number; pinCode: string; grade: number };

/** Six questions, both medium ones (3 and 4) on the reading text, PIN 4321, the key right after the end. */
export const SIX_QUESTIONS = {
  bankPerDifficulty: 2,
  counts: { easy: 2, medium: 2, hard: 2 },
  pinCode: "4321",
  reviewPolicy: "afterEnd",
} as const;

/** A subject of its own with a small bank and a test (lib/testing/olympiad), made by the server. */
export async function newOlympiad(request: APIRequestContext, body: Record<string, unknown> = {}): Promise<Olympiad> {
  const response = await request.post("/api/test-support/olympiads", {
    data: body,
    headers: { Authorization: `Bearer ${testSupportToken}` },
  });
  if (!response.ok()) throw new Error(`test-support/olympiads: ${response.status()} ${await response.text()}`);
  return response.json();
}

type Choice = { questionChoiceId: number; text: string };
type AttemptView = { questions: { testAttemptQuestionId: number; questionChoices: Choice[] }[] };

/**
 * A pupil of the olympiad who starts, answers its questions in order as told (true: the key,
 * false: the first wrong choice; the test data's texts say which is which) and finishes.
 */
export async function pupilTakes(
  request: APIRequestContext,
  olympiad: Olympiad,
  answers: boolean[],
  pupil: { names: { firstName: string; lastName: string }; districtId?: number },
  at = baseURL,
) {
  const created = await newPupil(request, { subjectId: olympiad.subjectId, ...pupil });
  const session = await signedIn(created, at);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
  const view: AttemptView = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  for (const [i, right] of answers.entries()) {
    const q = view.questions[i];
    // Wrong is always the same wrong choice ("xato N.1"): choices are shuffled per pupil.
    const choice = q.questionChoices.find((c) => (right ? c.text.startsWith("to'g'ri") : c.text.endsWith(".1")))!;
    const saved = await session.post("/api/TestAttempts/Answer", {
      data: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: choice.questionChoiceId },
    });
    if (!saved.ok()) throw new Error(`Answer: ${saved.status()}`);
  }
  const finished = await session.post("/api/TestAttempts/Finish", { data: { attemptId, isEndedByUser: true } });
  if (!finished.ok()) throw new Error(`Finish: ${finished.status()}`);
  return { ...created, session, attemptId: attemptId as number };
}
