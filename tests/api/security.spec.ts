// Security over HTTP: sessions that end at "Chiqish", a lockout no burst gets round,
// usernames that cannot be told apart, addresses that cannot be forged, headers on every answer,
// test-only endpoints that are not there, registrations that cannot be flooded.
import { spawn } from "node:child_process";
import { type APIRequestContext, expect, test } from "../support/fixtures";
import { anonymous, newOlympiad, newPupil, signedIn } from "../support/http";
import { TEST_ENV } from "../support/test-env";

const sessionCookieOf = async (context: APIRequestContext) => {
  const { cookies } = await context.storageState();
  const cookie = cookies.find((c) => c.name === "next-auth.session-token")!;
  return `${cookie.name}=${cookie.value}`;
};

test.describe("Chiqish ends the session on the server", () => {
  test("a cookie replayed after Logout gets 401 on GetCurrentUser and Answer, and saves nothing", async ({ request }) => {
    const olympiad = await newOlympiad(request, { counts: { easy: 1, medium: 1, hard: 1 } });
    const pupil = await newPupil(request, { subjectId: olympiad.subjectId });
    const session = await signedIn(pupil);
    const { attemptId } = await (await session.post("/api/TestAttempts/New", { data: { language: 0, pinCode: olympiad.pinCode } })).json();
    const view = await (await session.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    const question = view.questions[0];
    const cookie = await sessionCookieOf(session);

    expect((await session.post("/api/Identity/Logout")).status()).toBe(200);

    const replay = await anonymous();
    const headers = { Cookie: cookie };
    expect((await replay.get("/api/Identity/GetCurrentUser", { headers })).status()).toBe(401);
    const answer = await replay.post("/api/TestAttempts/Answer", {
      headers,
      data: { testAttemptQuestionId: question.testAttemptQuestionId, answerId: question.questionChoices[0].questionChoiceId },
    });
    expect(answer.status()).toBe(401);
    // A new sign-in finds the answer was never saved.
    const again = await signedIn(pupil);
    const after = await (await again.get(`/api/TestAttempts/Get?id=${attemptId}`)).json();
    expect(after.questions[0].answerId).toBeNull();
    await Promise.all([session.dispose(), replay.dispose(), again.dispose()]);
  });
});

test.describe("the lockout under a burst", () => {
  test("100 parallel wrong passwords from one address and then the right one: 5 evaluated, 2101 for the rest, no 200", async ({
    request,
  }) => {
    const pupil = await newPupil(request);
    const login = (password: string) =>
      request
        .post("/api/Identity/Login", { data: { username: pupil.username, password }, headers: { "X-Forwarded-For": "10.66.0.1" } })
        .then(async (r) => ({ status: r.status(), code: (await r.json()).code as number | undefined }));
    const wrong = Array.from({ length: 100 }, () => login("wrong-password"));
    // The right password goes out once the burst has claimed its tries.
    let settled = 0;
    await new Promise<void>((resolve) => wrong.forEach((p) => void p.then(() => ++settled >= 5 && resolve())));
    const right = await login(pupil.password);
    const answers = [...(await Promise.all(wrong)), right];

    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    // Five tries were evaluated: four said 2102 and the fifth locked (2101); none got further.
    expect(answers.filter((a) => a.code === 2102)).toHaveLength(4);
    expect(answers.filter((a) => a.code === 2101)).toHaveLength(97);
    expect(right.code).toBe(2101);
  });

  test("100 parallel wrong passwords from 100 addresses: 60 + one per address evaluated in a minute, the rest refused unchecked; the owner still gets in", async ({
    request,
  }) => {
    const pupil = await newPupil(request);
    const login = (password: string, sender: number) =>
      request
        .post("/api/Identity/Login", {
          data: { username: pupil.username, password },
          headers: { "X-Forwarded-For": `10.67.${sender}.1` },
        })
        .then(async (r) => ({ status: r.status(), code: (await r.json()).code as number | undefined }));
    const senders = Array.from({ length: 100 }, (_, i) => i + 1);
    const first = await Promise.all(senders.map((sender) => login("wrong-password", sender)));
    expect(first.filter((a) => a.code === 2102)).toHaveLength(100);
    // In the minute: 60 + one per address evaluated in all; the addresses that spent theirs wait.
    const again = await Promise.all(senders.map((sender) => login("wrong-again", sender)));
    expect(again.filter((a) => a.code === 2102)).toHaveLength(60);
    const third = await Promise.all(senders.map((sender) => login("wrong-third", sender)));
    expect(third.filter((a) => a.code === 2101)).toHaveLength(100);
    // The owner, on a school computer the attack never used.
    expect(await login(pupil.password, 200)).toMatchObject({ status: 200 });
  });

  test("an unknown username answers like a wrong password, and locks after five tries alike", async ({ request }) => {
    const pupil = await newPupil(request);
    const unknown = `ghost${Date.now().toString(36)}`;
    const headers = { "X-Forwarded-For": "10.66.0.2" };
    const body = async (username: string) =>
      (await request.post("/api/Identity/Login", { data: { username, password: "wrong-password" }, headers })).json();
    for (let i = 1; i <= 5; i++) expect(await body(unknown)).toEqual(await body(pupil.username));
    expect(await body(unknown)).toMatchObject({ code: 2101 });
  });
});

test.describe("the client's address", () => {
  test("comes from the trusted proxy's entry: entries a client forges further left move no limit", async ({ request }) => {
    const proxySaw = "10.67.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const forged = `203.0.113.${i}, 198.51.100.${i}`;
      const response = await request.get("/api/Certificates/Check?username=nobody1", {
        headers: { "X-Forwarded-For": `${forged}, ${proxySaw}` },
      });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });
});

test.describe("security headers", () => {
  test("every page carries a nonce-based policy, and its scripts the nonce", async ({ request }) => {
    for (const path of ["/login", "/register/00000000-0000-4000-8000-000000000001", "/cert/nobody1", "/no-such-page"]) {
      const response = await request.get(path);
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("'strict-dynamic'");
      expect(policy).not.toContain("unsafe-eval");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["strict-transport-security"]).toBeUndefined(); // PUBLIC_URL is http here
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(script, path).toContain(`nonce="${nonce}"`);
    }
    const first = /'nonce-([^']+)'/.exec((await request.get("/login")).headers()["content-security-policy"])?.[1];
    const second = /'nonce-([^']+)'/.exec((await request.get("/login")).headers()["content-security-policy"])?.[1];
    expect(first).not.toBe(second);
  });

  test("every API answer carries them too, errors and provider callbacks included", async ({ request }) => {
    const calls = [
      request.get("/api/Regions/GetAll"),
      request.get("/api/health"),
      request.get("/api/Identity/GetCurrentUser"),
      request.get("/api/no/such/thing"),
      request.post("/api/payments/payme", { data: {} }),
      request.post("/api/payments/click/prepare", { form: { a: "1" } }),
      request.post("/api/Identity/Login", { data: { username: "a" } }),
    ];
    for (const response of await Promise.all(calls)) {
      const headers = response.headers();
      expect(headers["content-security-policy"], response.url()).toContain("default-src 'none'");
      expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
      expect(headers["referrer-policy"], response.url()).toBeTruthy();
    }
  });
});

test.describe("test-only endpoints", () => {
  test("without the token they answer exactly as a path that does not exist, before reading any body", async ({ request }) => {
    const missing = await request.post("/api/no-such-endpoint", { data: {} });
    const expected = { status: missing.status(), body: await missing.json() };
    expect(expected.status).toBe(404);
    for (const path of ["/api/test-support/pupils", "/api/test-support/olympiads"]) {
      for (const response of [
        await request.get(path),
        await request.post(path, { data: "{not json", headers: { "Content-Type": "application/json" } }),
        await request.post(path, { data: { grade: "x".repeat(100) } }),
        await request.put(path, { data: {} }),
        await request.post(path, { data: {}, headers: { Authorization: "Bearer wrong-token" } }),
      ]) {
        expect({ status: response.status(), body: await response.json() }).toEqual(expected);
      }
    }
  });
});

test.describe("Registration/Register from one address", () => {
  test("a script's flood is bounded: past 3 000 submissions in 10 minutes, valid or not, the address gets 429", async ({ request }) => {
    const headers = { "X-Forwarded-For": "10.68.0.1" };
    // Invalid submissions (a 422 each, nothing written) count toward the address's outer bound too.
    let next = 0;
    const statuses: number[] = [];
    const flood = async () => {
      while (next++ < 3_005) statuses.push((await request.post("/api/Registration/Register", { headers, data: {} })).status());
    };
    await Promise.all(Array.from({ length: 8 }, flood));
    expect(statuses.filter((s) => s === 422)).toHaveLength(3_000);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const limited = await request.post("/api/Registration/Register", { headers, data: {} });
    expect(limited.status()).toBe(429);
    expect(limited.headers()["retry-after"]).toBeTruthy();
    // Another family is not held up by it.
    const other = await request.get(`/api/Registration/GetRegisterStatus?guid=${crypto.randomUUID()}`, { headers });
    expect(other.status()).toBe(200);
  });
});

test.describe("a production server with a weak secret", () => {
  test("exits at start with the reason, instead of answering 500 to everything", async () => {
    const child = spawn(process.execPath, ["server/main.mjs", "-p", "3297", "-H", "127.0.0.1"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PGLITE_DIR: "memory://",
        NEXT_TELEMETRY_DISABLED: "1",
        ...TEST_ENV,
        TEST_SUPPORT_TOKEN: undefined,
        AUTH_SECRET: "short-secret",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 45_000);
      child.on("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code).toBe(1);
    expect(output).toContain("Refusing to start in production");
    expect(output).toContain("AUTH_SECRET");
  });
});
