// Live figures for the operator: /api/metrics in Prometheus's format, behind
// METRICS_TOKEN; requests by route (never the raw path) and status, sign-ins, starts, saved
// answers, attempts running, the database's connections. The admission's figures are checked on
// the admission test's own server (tests/api/admission.spec.ts).
import { expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, signedIn } from "../support/http";
import { TEST_ENV } from "../support/test-env";

const scrape = async (token: string = TEST_ENV.METRICS_TOKEN) => {
  const api = await anonymous();
  return api.get("/api/metrics", { headers: token ? { Authorization: `Bearer ${token}` } : {} });
};

/** A series' value in the exposition text, by its name and labels as written. */
function seriesValue(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

test("only the operator's token reads the figures: none is 401, a wrong one 401", async () => {
  expect((await scrape("")).status()).toBe(401);
  expect((await scrape("x".repeat(TEST_ENV.METRICS_TOKEN.length))).status()).toBe(401);
  const response = await scrape();
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("a pupil's sign-in, start and answer are counted; requests by their route, made-up paths under one label", async ({ request }) => {
  const before = await (await scrape()).text();
  const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "4321" });
  const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
  const session = await signedIn(pupil);
  const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { pinCode: "4321", language: 0 } })).json();
  const view = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
  const question = view.questions[0];
  const saved = await session.post("/api/TestAttempts/Answer", {
    data: { testAttemptQuestionId: question.testAttemptQuestionId, answerId: question.questionChoices[0].questionChoiceId },
  });
  expect(saved.status()).toBe(200);
  const api = await anonymous();
  await api.get("/api/zz-made-up-9f3a/deeper/x1");
  await api.get("/made-up-page-7c21");

  const after = await (await scrape()).text();
  const grew = (series: string) => (seriesValue(after, series) || 0) - (seriesValue(before, series) || 0);
  expect(grew('olimpiada_sign_ins_total{outcome="signed_in"}')).toBeGreaterThanOrEqual(1);
  expect(grew("olimpiada_attempts_started_total")).toBeGreaterThanOrEqual(1);
  expect(grew("olimpiada_answers_saved_total")).toBeGreaterThanOrEqual(1);
  expect(seriesValue(after, "olimpiada_attempts_running")).toBeGreaterThanOrEqual(1);
  expect(after).toMatch(
    /olimpiada_http_request_duration_seconds_count\{route="\/api\/TestAttempts\/Answer",method="POST",status="200"\} \d+/,
  );
  expect(after).toMatch(
    /olimpiada_http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/TestAttempts\/Get",method="GET",status="200"\} \d+/,
  );
  // A path nobody routes is never a label of its own: no client can grow the set.
  expect(after).not.toContain("zz-made-up");
  expect(after).not.toContain("made-up-page");
  expect(after).toContain('route="/api/[...unknown]"');
  expect(after).toContain('route="other"');
  if (process.env.DATABASE_URL) expect(after).toMatch(/olimpiada_database_connections\{state="active"\} \d+/);
});
