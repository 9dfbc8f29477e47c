import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { type ClusterInstance, startTestCluster } from "../support/cluster";
import { expect, test } from "../support/fixtures";
import { exited } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 20;
/** A Redis of this suite's own, which a test stops and starts again (the machine's serves the other suites). */
const REDIS_PORT = PORT + 60;
const base = `http://127.0.0.1:${PORT}`;
let cluster: Awaited<ReturnType<typeof startTestCluster>>;
let instances: ClusterInstance[] = [];
let redis: ChildProcess | null = null;

test.describe.configure({ mode: "serial" });

/** Whether Redis answers PING on REDIS_PORT. */
const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(REDIS_PORT, "127.0.0.1");
    socket.setTimeout(1000, () => socket.destroy());
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => {
      resolve(data.toString().startsWith("+PONG"));
      socket.destroy();
    });
    socket.on("error", () => resolve(false));
    socket.on("close", () => resolve(false));
  });

async function startRedis() {
  redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await expect.poll(redisAnswers, { message: "the suite's Redis answers", timeout: 20_000, intervals: [100] }).toBe(true);
}

async function stopRedis() {
  if (!redis) return;
  redis.kill("SIGKILL"); // as a machine that dies: no goodbye to its clients
  await exited(redis);
  redis = null;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await startRedis();
  // `npm run ops:cluster` itself: three instances, nginx, PgBouncer, Redis for the limits.
  cluster = await startTestCluster(PORT, {
    ...TEST_ENV,
    INSTANCES: "3",
    PGBOUNCER: "true",
    PUBLIC_URL: base,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  });
  instances = cluster.instances;
});

test.afterAll(async () => {
  await cluster?.stop();
  await stopRedis();
});

type Answered = { status: number; servedBy: string | null; body: string };

/** What the outbox waits before each try again: growing, as its back-off grows. */
const RETRY_INTERVALS = Array.from({ length: 10 }, (_, attempt) => 300 * (attempt + 1));

/**
 * A browser's call through nginx, tried again as the outbox tries again (network errors, 5xx)
 * until it has an answer: an instance that dies leaves nginx a moment before it stops choosing it.
 */
async function call(
  path: string,
  { method = "GET", body, cookie, address }: { method?: string; body?: unknown; cookie?: string; address: string },
) {
  let answered: (Answered & { cookie?: string }) | undefined;
  await expect(async () => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        "X-Forwarded-For": address,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    answered = {
      status: response.status,
      servedBy: response.headers.get("x-served-by"),
      body: await response.text(),
      cookie: response.headers.get("set-cookie")?.split(";")[0],
    };
    expect(answered.status, `${method} ${path}: ${answered.body.slice(0, 200)}`).toBeLessThan(500);
  }).toPass({ intervals: RETRY_INTERVALS, timeout: 60_000 });
  return answered!;
}

async function testSupport(path: string, body: unknown) {
  const response = await fetch(`${base}/api/test-support/${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_ENV.TEST_SUPPORT_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function signedInPupil(subjectId: number, n: number) {
  const pupil = await testSupport("pupils", { subjectId });
  const address = `10.77.${n}.${Math.floor(Math.random() * 250)}`;
  const login = await call("/api/Identity/Login", {
    method: "POST",
    body: { username: pupil.username, password: pupil.password },
    address,
  });
  expect(login.status).toBe(200);
  return { cookie: login.cookie!, address };
}

test("a PIN tried at every instance counts once: the rate limit is shared through Redis", async () => {
  const olympiad = await testSupport("olympiads", { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "5678" });
  const pupil = await signedInPupil(olympiad.subjectId, 1);
  const started = await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: "5678" }, ...pupil });
  expect(started.status).toBe(200);
  // New and CheckPinCode share the pupil's 10 PIN entries per 5 minutes, wherever they land.
  const tries: Answered[] = [];
  for (let i = 0; i < 10; i++)
    tries.push(await call("/api/TestAttempts/CheckPinCode", { method: "POST", body: { pinCode: "0000" }, ...pupil }));
  expect(new Set(tries.map((t) => t.servedBy)).size).toBe(3);
  expect(tries.slice(0, 9).map((t) => t.status)).toEqual(Array(9).fill(400));
  expect(tries[9].status).toBe(429);
});

test("an organiser's act on one instance reaches a pupil's open page listening on another (through Redis)", async () => {
  const olympiad = await testSupport("olympiads", { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "5678" });
  const pupil = await signedInPupil(olympiad.subjectId, 2);
  expect((await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: "5678" }, ...pupil })).status).toBe(200);
  const profile = JSON.parse((await call("/api/Identity/GetCurrentUser", pupil)).body);
  const controller = new AbortController();
  try {
    const stream = await fetch(`http://127.0.0.1:${instances[0].port}/api/TestAttempts/Events`, {
      headers: { Cookie: pupil.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const at = (port: number, path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { "Content-Type": "application/json", ...init.headers } });
    const login = await at(instances[2].port, "/api/Identity/Login", {
      method: "POST",
      body: JSON.stringify({ username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD }),
    });
    const organiser = login.headers.get("set-cookie")!.split(";")[0];
    const extended = await at(instances[2].port, `/api/admin/pupils/${profile.userId}/extra-minutes`, {
      method: "PUT",
      headers: { Cookie: organiser },
      body: JSON.stringify({ minutes: 3, reason: "Sinov" }),
    });
    expect(extended.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    // A bound on waiting for the event, not a measure of it (how soon it comes is bench:live's figure).
    const deadline = setTimeout(() => controller.abort(), 15_000);
    let text = "";
    while (!/^data: /m.test(text)) text += (await reader.read()).value ?? "";
    clearTimeout(deadline);
    expect(text).toContain('"kind":"extended"');
  } finally {
    controller.abort();
  }
});

/** One instance's figure, from its /api/metrics. */
async function figure(port: number, series: string): Promise<number | null> {
  const response = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` } });
  const text = await response.text();
  expect(response.status, text.slice(0, 200)).toBe(200);
  // Each instance labels its series with its name (olimpiada_redis_up{app_instance="app1"} 0).
  const line = text.split("\n").find((l) => l.startsWith(`${series} `) || l.startsWith(`${series}{`));
  return line ? Number(line.split(" ").at(-1)) : null;
}

/** An open attempt page's stream on one instance, and the changes it has heard. */
async function listen(port: number, cookie: string, signal: AbortSignal) {
  const stream = await fetch(`http://127.0.0.1:${port}/api/TestAttempts/Events`, { headers: { Cookie: cookie }, signal });
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  const heard: string[] = [];
  let text = "";
  (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += value;
      for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
        const event = text.slice(0, end);
        text = text.slice(end + 2);
        if (event.startsWith("data: ")) heard.push(event.slice(6));
      }
    }
  })().catch(() => {});
  return heard;
}

/** The instance's log lines since `since` that say Redis went away, or came back (the cluster's logs outlive a run). */
const redisLines = (instance: ClusterInstance, state: "down" | "up", since: Date) =>
  readFileSync(instance.log, "utf8")
    .split("\n")
    .filter((line) => line.includes(`"redis":"${state}"`) && new Date(JSON.parse(line).time) >= since);

test("with Redis away, an organiser's act reaches the open pages on every instance and answers are saved; once it is back, the same", async () => {
  test.setTimeout(180_000);
  const olympiad = await testSupport("olympiads", { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "1357" });
  const pupils = await Promise.all(
    instances.map(async (instance, n) => {
      const pupil = await signedInPupil(olympiad.subjectId, 30 + n);
      const started = await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: "1357" }, ...pupil });
      expect(started.status).toBe(200);
      const { attemptId } = JSON.parse(started.body);
      const view = JSON.parse((await call(`/api/TestAttempts/Get?id=${attemptId}`, pupil)).body);
      const profile = JSON.parse((await call("/api/Identity/GetCurrentUser", pupil)).body);
      return { ...pupil, instance, attemptId, userId: profile.userId as number, questions: view.questions };
    }),
  );
  const at = (port: number, path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { "Content-Type": "application/json", ...init.headers } });
  const organiserPort = instances[2].port;
  const login = await at(organiserPort, "/api/Identity/Login", {
    method: "POST",
    body: JSON.stringify({ username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD }),
  });
  const organiser = login.headers.get("set-cookie")!.split(";")[0];
  const controller = new AbortController();
  try {
    // Each pupil's page is open on an instance of its own.
    const streams = await Promise.all(pupils.map((pupil) => listen(pupil.instance.port, pupil.cookie, controller.signal)));

    /**
     * The organiser sets every pupil's extra minutes to `minutes` (more than before), on app3; every
     * page hears its `nth` extension, whichever instance holds it.
     */
    const actHeardEverywhere = async (minutes: number, nth: number) => {
      for (const pupil of pupils) {
        const extended = await at(organiserPort, `/api/admin/pupils/${pupil.userId}/extra-minutes`, {
          method: "PUT",
          headers: { Cookie: organiser },
          body: JSON.stringify({ minutes, reason: "Sinov" }),
        });
        expect(extended.status).toBe(200);
      }
      // A bound on waiting for the events (the 10 s), not a measure of them (bench:live's figure).
      for (const [i, heard] of streams.entries()) {
        await expect
          .poll(() => heard.filter((event) => event.includes('"kind":"extended"')).length, {
            message: `the page on ${pupils[i].instance.name} heard the act of ${minutes} minutes`,
            timeout: 10_000,
            intervals: [100],
          })
          .toBeGreaterThanOrEqual(nth);
      }
    };

    const away = new Date();
    await stopRedis();
    // Answers are saved meanwhile, whichever instance takes them.
    for (const pupil of pupils) {
      const q = pupil.questions[0];
      const saved = await call("/api/TestAttempts/Answer", {
        method: "POST",
        body: { testAttemptQuestionId: q.testAttemptQuestionId, answerId: q.questionChoices[0].questionChoiceId },
        ...pupil,
      });
      expect(saved.status).toBe(200);
    }
    await actHeardEverywhere(3, 1);
    // The metrics and /holat say so; one line in each instance's log, however many tries to reconnect.
    for (const instance of instances) expect(await figure(instance.port, "olimpiada_redis_up"), instance.name).toBe(0);
    await expect
      .poll(async () => (await (await at(instances[0].port, "/holat")).text()).includes('data-redis="down"'), { timeout: 15_000 })
      .toBe(true);
    // The line is written by the instance's logger when it gets to it: waited for, as Redis's return below.
    for (const instance of instances)
      await expect.poll(() => redisLines(instance, "down", away).length, { message: `${instance.name} logs Redis away` }).toBe(1);

    await startRedis();
    for (const instance of instances) {
      await expect
        .poll(() => figure(instance.port, "olimpiada_redis_up"), { message: `${instance.name} is back on Redis`, timeout: 30_000 })
        .toBe(1);
      await expect.poll(() => redisLines(instance, "up", away).length, { message: `${instance.name} logs Redis's return` }).toBe(1);
    }
    await actHeardEverywhere(5, 2);
    // Every answer saved while Redis was away is there.
    for (const pupil of pupils) {
      const view = JSON.parse((await call(`/api/TestAttempts/Get?id=${pupil.attemptId}`, pupil)).body);
      expect(view.questions[0].answerId).toBe(pupil.questions[0].questionChoices[0].questionChoiceId);
    }
  } finally {
    controller.abort();
  }
});

/** Certificate pictures an instance had drawn for a download or a preview (not ahead), from its /api/metrics. */
async function drawnWhenAsked(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` } });
  const line = (await response.text())
    .split("\n")
    .find((l) => l.startsWith("olimpiada_certificates_drawn_total{") && l.includes('why="asked"'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** Pauses or resumes the drawing ahead on one instance. */
async function drawingAhead(port: number, action: "pause" | "resume") {
  const response = await fetch(`http://127.0.0.1:${port}/api/test-support/certificates`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_ENV.TEST_SUPPORT_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ action }),
  });
  expect(response.status).toBe(200);
}

test("a certificate drawn on one instance is kept for every other: downloaded there, it is read, not drawn again", async () => {
  test.setTimeout(120_000);
  // Nothing drawn behind the test's back: every drawing counted below is a download's.
  for (const instance of instances) await drawingAhead(instance.port, "pause");
  try {
    const olympiad = await testSupport("olympiads", { counts: { easy: 1, medium: 1, hard: 1 }, pinCode: "8642" });
    const pupil = await signedInPupil(olympiad.subjectId, 40);
    const started = await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: "8642" }, ...pupil });
    const { attemptId } = JSON.parse(started.body);
    await call("/api/TestAttempts/Finish", { method: "POST", body: { attemptId, isEndedByUser: true }, ...pupil });
    const before = await Promise.all(instances.map((i) => drawnWhenAsked(i.port)));
    // Straight to each instance in turn, as nginx may send a family's presses to any of them.
    const pictures: string[] = [];
    for (const instance of instances) {
      const response = await fetch(`http://127.0.0.1:${instance.port}/api/Certificates/Generate`, {
        method: "POST",
        headers: { Cookie: pupil.cookie, "X-Forwarded-For": pupil.address },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      pictures.push(Buffer.from(await response.arrayBuffer()).toString("base64"));
    }
    const after = await Promise.all(instances.map((i) => drawnWhenAsked(i.port)));
    // Drawn once, by the first instance; the others (whose memory never held it, as after a
    // restart) read the kept picture.
    expect(after.map((n, k) => n - before[k])).toEqual([1, 0, 0]);
    expect(new Set(pictures).size).toBe(1);
  } finally {
    for (const instance of instances) await drawingAhead(instance.port, "resume");
  }
});

test("an instance killed mid-test loses no acknowledged answer, and its pupils carry on through the others", async () => {
  test.setTimeout(120_000);
  const olympiad = await testSupport("olympiads", { counts: { easy: 2, medium: 2, hard: 2 }, pinCode: "2468" });
  const pupils = await Promise.all(
    Array.from({ length: 6 }, async (_, n) => {
      const pupil = await signedInPupil(olympiad.subjectId, n + 10);
      const started = await call("/api/TestAttempts/New", { method: "POST", body: { language: 0, pinCode: "2468" }, ...pupil });
      expect(started.status).toBe(200);
      const { attemptId } = JSON.parse(started.body);
      const view = JSON.parse((await call(`/api/TestAttempts/Get?id=${attemptId}`, pupil)).body);
      return {
        ...pupil,
        attemptId,
        questions: view.questions as { testAttemptQuestionId: number; questionChoices: { questionChoiceId: number }[] }[],
      };
    }),
  );

  const acknowledged = new Map<number, number>(); // question → the last answer the server acknowledged
  const servedBy = new Set<string | null>();
  // Each pupil answers every question twice over (a change of mind replaces the first answer);
  // after the first round, instance app2 dies as a machine does.
  for (const round of [0, 1]) {
    if (round === 1) process.kill(-instances[1].pid, "SIGKILL");
    await Promise.all(
      pupils.map(async (pupil) => {
        for (const q of pupil.questions) {
          const answerId = q.questionChoices[round].questionChoiceId;
          const saved = await call("/api/TestAttempts/Answer", {
            method: "POST",
            body: { testAttemptQuestionId: q.testAttemptQuestionId, answerId },
            ...pupil,
          });
          expect(saved.status).toBe(200);
          if (round === 1) expect(saved.servedBy).not.toBe("app2");
          servedBy.add(saved.servedBy);
          acknowledged.set(q.testAttemptQuestionId, answerId);
        }
      }),
    );
  }
  expect(servedBy.has("app2")).toBe(true); // it served pupils before it died
  expect(acknowledged.size).toBe(36);

  // Read back through the instances left: every acknowledged answer is there; everyone finishes.
  for (const pupil of pupils) {
    const view = JSON.parse((await call(`/api/TestAttempts/Get?id=${pupil.attemptId}`, pupil)).body);
    for (const q of view.questions) expect(q.answerId).toBe(acknowledged.get(q.testAttemptQuestionId));
    const finished = await call("/api/TestAttempts/Finish", {
      method: "POST",
      body: { attemptId: pupil.attemptId, isEndedByUser: true },
      ...pupil,
    });
    expect(finished.status).toBe(200);
  }
});
