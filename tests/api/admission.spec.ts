// Admission control: a saturated server answers a fast 503 with Retry-After (a calm
// page that reloads itself for a page, JSON for the API) instead of queueing; static files and
// the health check are always served. A server of its own with an admission limit of 1. And the
// rest of what server/main.mjs does before the app: bodies that must arrive first, brotli for scripts.
// How fast each of these is served is bench:admission's figure; here, what is served and what is refused.
import type { ChildProcess } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { get, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { encode } from "next-auth/jwt";
import { expect, test } from "../support/fixtures";
import { heldOpen as heldOpenOn } from "../support/held-open.mjs";
import { ownServer, untilHealthy } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
// One server for the file (its port is fixed): the tests share it, one after the other.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The embedded database in memory, whatever the suites run on: this server only serves pages.
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = ownServer(
    PORT,
    {
      PGLITE_DIR: "memory://",
      ADMISSION_LIMIT: "1",
      ADMISSION_QUEUE_MS: "3000",
      BODY_WAIT_MS: "2000",
      // Each simulated client's own X-Forwarded-For is its address (the socket's when none is sent).
      TRUST_PROXY_HOPS: "1",
    },
    env,
  );
  await untilHealthy(base);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

/** The queue ticket a response sets: [name=value, the time its client first came, the time it was given]. */
const ticketOf = (cookie: string | Response | null) =>
  /olimpiada-queue=(\d+)\.(\d+)\.[\w-]+/.exec((cookie instanceof Response ? cookie.headers.get("set-cookie") : cookie) ?? "");
let burstTicket: [string, string, string] | null = null;

test("past the limit: a fast 503 with Retry-After, a calm page for a page, JSON for the API; health always answers", async () => {
  const burst = await Promise.all([
    ...Array.from({ length: 24 }, () =>
      fetch(`${base}/login`).then(async (r) => ({
        kind: "page",
        status: r.status,
        retry: r.headers.get("retry-after"),
        cookie: r.headers.get("set-cookie"),
        body: await r.text(),
      })),
    ),
    ...Array.from({ length: 24 }, () =>
      fetch(`${base}/api/Regions/GetAll`).then(async (r) => ({
        kind: "api",
        status: r.status,
        retry: r.headers.get("retry-after"),
        cookie: r.headers.get("set-cookie"),
        body: await r.text(),
      })),
    ),
    ...Array.from({ length: 8 }, () =>
      fetch(`${base}/api/health`).then(async (r) => ({ kind: "health", status: r.status, retry: null, cookie: null, body: "" })),
    ),
  ]);
  const refused = burst.filter((r) => r.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  expect(burst.filter((r) => r.status === 200).length).toBeGreaterThan(0);
  expect(burst.every((r) => r.status === 200 || r.status === 503)).toBe(true);
  for (const r of refused) expect(Number(r.retry)).toBeGreaterThanOrEqual(1);
  const page = refused.find((r) => r.kind === "page");
  expect(page?.body).toContain("Navbatdasiz");
  expect(page?.body).toMatch(/<meta http-equiv="refresh" content="\d+">/);
  expect(page?.body).toMatch(/Navbatdagi o'rningiz: \d+\. Taxminan \d+ (soniya|daqiqa) kutasiz\./);
  const api = refused.find((r) => r.kind === "api");
  if (api)
    expect(JSON.parse(api.body)).toMatchObject({ code: null, busy: true, position: expect.any(Number), waitSeconds: expect.any(Number) });
  const ticket = refused.map((r) => ticketOf(r.cookie)).find(Boolean);
  burstTicket = ticket ? [ticket[0], ticket[1], ticket[2]] : null;
  expect(burst.filter((r) => r.kind === "health").every((r) => r.status === 200)).toBe(true);
  // The crowd gone, everything is served again.
  expect((await fetch(`${base}/login`)).status).toBe(200);
});

test("a refused client keeps its place with its ticket, renewed while it keeps coming: one per address, worth nothing forged", async () => {
  // The burst above came from one client (this address, Node's fetch): its refused requests carry a ticket.
  expect(burstTicket, "the burst above was partly refused").not.toBeNull();
  const [ticket, first, given] = burstTicket!;
  const as = (userAgent: string | null, cookie: string) =>
    fetch(`${base}/api/Regions/GetAll`, { headers: { Cookie: cookie, ...(userAgent ? { "User-Agent": userAgent } : {}) } });
  // Back at once, ignoring Retry-After: served, and its ticket renewed with the same first time.
  const back = await as(null, ticket);
  expect(back.status).toBe(200);
  const renewed = ticketOf(back);
  expect(renewed?.[1]).toBe(first);
  expect(Number(renewed?.[2])).toBeGreaterThanOrEqual(Number(given));
  // A sign-in with its ticket: the session the app sets and the renewed ticket, side by side.
  const signIn = await fetch(`${base}/api/Identity/Login`, {
    method: "POST",
    headers: { Cookie: ticket, "Content-Type": "application/json" },
    body: JSON.stringify({ username: TEST_ENV.ADMIN_USERNAME, password: TEST_ENV.ADMIN_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookies = signIn.headers.getSetCookie();
  expect(cookies.some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(true);
  expect(ticketOf(cookies.find((cookie) => cookie.startsWith("olimpiada-queue=")) ?? null)?.[1]).toBe(first);
  // The same ticket with another User-Agent: still this address's one ticket (a made-up browser
  // per request gets an address no second place). With an earlier time written in: a first
  // arrival (no ticket to renew).
  expect(ticketOf(await as("python-requests/2.32", ticket))?.[1]).toBe(first);
  expect(ticketOf(await as(null, ticket.replace(`=${first}.`, `=${Number(first) - 60_000}.`)))).toBeNull();
});

test("the operator's figures count the refusals and show the queue (its own figures, on this server)", async () => {
  const figures = await (await fetch(`${base}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(figures)?.[1]);
  expect(value("olimpiada_admission_refused_total")).toBeGreaterThan(0);
  expect(value("olimpiada_admission_rate")).toBeGreaterThan(0);
  expect(value("olimpiada_admission_waiting")).toBeGreaterThanOrEqual(0);
  expect(value("olimpiada_admission_away")).toBeGreaterThanOrEqual(0);
});

/** A pupil of this server's own, made through the test suites' door. */
async function madePupil(): Promise<{ username: string; password: string }> {
  const made = await fetch(`${base}/api/test-support/pupils`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_ENV.TEST_SUPPORT_TOKEN}`, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(made.status).toBe(200);
  return made.json();
}

/** A sign-in from `address`: its answer's status and its session cookie (name=value), if it set one. */
async function signInFrom(address: string, credentials: { username: string; password: string }) {
  const answer = await fetch(`${base}/api/Identity/Login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify(credentials),
  });
  await answer.arrayBuffer();
  const cookie = answer.headers.getSetCookie().find((set) => set.startsWith("next-auth.session-token="));
  return { status: answer.status, session: cookie?.split(";")[0] ?? null };
}

/**
 * `connections` loops with `cookie`, each asking the next of `paths` as soon as it is answered,
 * until stopped; a refused one asks again a second later (the script's pace, the input under
 * test: a storm of refusals at once would only measure how fast this machine answers 503).
 */
function loops(connections: number, paths: string[], cookie: string) {
  let stopped = false;
  const statuses: number[] = [];
  const running = Array.from({ length: connections }, async (_, i) => {
    for (let asked = i; !stopped; asked++) {
      const path = paths[asked % paths.length];
      const answer = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" }).catch(() => null);
      if (!answer) continue;
      statuses.push(answer.status);
      await answer.arrayBuffer().catch(() => {});
      if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  });
  return {
    statuses,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

for (const [state, connections] of [
  ["signed in", 48],
  ["signed out", 96],
] as const) {
  test(`one session's token ${state}, looping on ${connections} connections, keeps no one out: sign-ins and the sign-in page from other addresses are admitted`, async () => {
    test.setTimeout(300_000);
    const looper = await madePupil();
    const others = [];
    for (let i = 0; i < 9; i++) others.push(await madePupil());
    const { status, session } = await signInFrom("10.56.0.1", looper);
    expect(status).toBe(200);
    if (state === "signed out") {
      const out = await fetch(`${base}/api/Identity/Logout`, {
        method: "POST",
        headers: { Cookie: session!, "X-Forwarded-For": "10.56.0.1" },
      });
      expect(out.status).toBe(200);
    }
    // The session's loops, from its one address: GetCurrentUser and the sign-in page again and
    // again, as the pupil's script did (the page keeps this machine's server busy: the call alone
    // is served faster than one test process can ask it).
    const flood = loops(connections, ["/api/Identity/GetCurrentUser", "/login"], session!);
    try {
      // Going: its requests answered many times over, with the door as full as it can keep it.
      await expect.poll(() => flood.statuses.length, { timeout: 60_000 }).toBeGreaterThan(4 * connections);
      // Nine pupils from nine other addresses, one after another: each sign-in and each sign-in page admitted, none refused with 503.
      const signIns = [];
      const pages = [];
      for (const [i, pupil] of others.entries()) {
        const address = `10.56.1.${i + 1}`;
        const page = await fetch(`${base}/login`, { headers: { "X-Forwarded-For": address } });
        await page.arrayBuffer();
        pages.push(page.status);
        signIns.push((await signInFrom(address, pupil)).status);
      }
      expect(signIns).toEqual(Array(9).fill(200));
      expect(pages).toEqual(Array(9).fill(200));
      // The session itself is still served, only not before everyone else.
      expect(flood.statuses).toContain(state === "signed in" ? 200 : 401);
    } finally {
      await flood.stop();
    }
  });
}

/** Raw connections holding a body half sent (../support/held-open.mjs), to this file's server. */
const heldOpen = (count: number, head: string, partial: string) => heldOpenOn(PORT, count, head, partial);

/** A page and an API call, each served (a place kept by anyone else would refuse them with 503). */
async function served(): Promise<void> {
  for (const path of ["/api/Regions/GetAll", "/login"]) expect((await fetch(`${base}${path}`)).status, path).toBe(200);
}

/** This server's figures (its operator's scrape, served before admission). */
async function scrape(): Promise<string> {
  return (await fetch(`${base}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_ENV.METRICS_TOKEN}` } })).text();
}

/** The requests to `route` whose answer has gone or whose client has gone: each counted as it ends. */
async function endedAt(route: string): Promise<number> {
  const series = new RegExp(`^olimpiada_http_request_duration_seconds_count\\{[^}]*route="${route}"[^}]*\\} (\\d+)$`, "gm");
  return [...(await scrape()).matchAll(series)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/** The places taken now: requests being served and requests waiting in the queue. */
async function placesTaken(): Promise<{ inFlight: number; waiting: number }> {
  const text = await scrape();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
  return { inFlight: value("olimpiada_admission_in_flight"), waiting: value("olimpiada_admission_waiting") };
}

for (const [what, length, sent] of [
  ["bodies never come", 200, "{"],
  ["bodies stop after 40 KB of 60 KB", 60_000, `{"username":"${"x".repeat(40_000)}`],
] as const) {
  test(`64 requests whose ${what} hold no place: the others are served, the idle ones get 408`, async () => {
    const idle = heldOpen(
      64,
      `POST /api/payments/payme HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
      sent,
    );
    try {
      await idle.sent;
      await served();
      // A body that does not arrive within BODY_WAIT_MS (2 s here) is dropped with 408.
      await expect.poll(() => idle.answers.filter((a) => a.startsWith("HTTP/1.1 408")).length, { timeout: 6_000 }).toBe(64);
    } finally {
      idle.close();
    }
  });
}

test("a body larger than any route takes from a caller without an organiser's session is refused with 413, before it is read", async () => {
  const declared = await fetch(`${base}/api/Identity/Login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "x".repeat(200_000) }),
  });
  expect(declared.status).toBe(413);
  expect((await declared.json()).message).toBe("Yuborilgan ma'lumot hajmi juda katta.");
  // Its declared length is enough: asked with the headers alone, the answer is 413 (a body waited
  // for would get a 408 once BODY_WAIT_MS had passed).
  const headersOnly = heldOpen(
    1,
    "POST /api/Identity/Login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n",
    "",
  );
  try {
    await expect.poll(() => headersOnly.answers.join("").slice(0, 12)).toBe("HTTP/1.1 413");
  } finally {
    headersOnly.close();
  }
  // Without a declared length (chunked): refused once the buffer is full, not left to hold a place
  // (again a 413, not the 408 of a body waited for).
  const chunked = heldOpen(
    1,
    "POST /api/Identity/Login HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",
    `11170\r\n${"x".repeat(70_000)}`,
  );
  try {
    await expect.poll(() => chunked.answers.join("").slice(0, 12)).toBe("HTTP/1.1 413");
  } finally {
    chunked.close();
  }
});

test("a payment provider's body as large is refused as unread, but in the provider's own protocol: HTTP 200, Payme's or Click's error", async () => {
  const payme = await fetch(`${base}/api/payments/payme`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Basic ${Buffer.from(`Paycom:${TEST_ENV.PAYME_KEY}`).toString("base64")}`,
    },
    body: JSON.stringify({ id: 4, method: "CheckTransaction", params: { pad: "x".repeat(200_000) } }),
  });
  expect(payme.status).toBe(200);
  expect(await payme.json()).toEqual({
    error: { code: -32700, message: { uz: "JSON o'qib bo'lmadi", ru: "Ошибка разбора JSON", en: "JSON parse error" } },
    id: null,
  });
  for (const [action, idField] of [
    ["prepare", "merchant_prepare_id"],
    ["complete", "merchant_confirm_id"],
  ] as const) {
    const click = await fetch(`${base}/api/payments/click/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `click_trans_id=1&error_note=${"x".repeat(70_000)}`,
    });
    expect(click.status, action).toBe(200);
    expect(await click.json(), action).toEqual({
      click_trans_id: null,
      merchant_trans_id: null,
      [idField]: null,
      error: -8,
      error_note: "Error in request from click",
    });
  }
  // Chunked, without a declared length: the same answer once the buffer is full.
  const chunked = heldOpen(
    1,
    "POST /api/payments/payme HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",
    `11170\r\n${"x".repeat(70_000)}`,
  );
  try {
    await expect.poll(() => chunked.answers.join("")).toMatch(/^HTTP\/1\.1 200[\s\S]*"code":-32700/);
  } finally {
    chunked.close();
  }
});

test("300 clients that hang up as soon as they have asked take no place with them", async () => {
  // Each with a session of its own (a genuine token is decoded once, and it is then that a
  // client used to be able to go unnoticed: the place it was given was never given back).
  const tokens = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      encode({ token: { sub: String(1_000 + i), role: 1, sv: 0, sid: `s${i}` }, secret: TEST_ENV.AUTH_SECRET, maxAge: 600 }),
    ),
  );
  const before = await endedAt("/api/Regions/GetAll");
  for (const token of tokens) {
    const socket = connect(PORT, "127.0.0.1");
    socket.on("error", () => {});
    socket.end(`GET /api/Regions/GetAll HTTP/1.1\r\nHost: a\r\nCookie: next-auth.session-token=${token}\r\n\r\n`, () => socket.destroy());
  }
  // Every one of them has ended on the server (answered, or noticed gone), and none keeps a place.
  await expect.poll(() => endedAt("/api/Regions/GetAll"), { timeout: 60_000 }).toBeGreaterThanOrEqual(before + 300);
  await expect.poll(placesTaken).toEqual({ inFlight: 0, waiting: 0 });
  // Admission limit 1 (2 inside): a single place kept by a client gone would refuse these.
  for (let i = 0; i < 5; i++) await served();
});

test("a request whose body arrives in pieces is served whole", async () => {
  const body = JSON.stringify({ username: "nobody1", password: "x".repeat(30_000) });
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(PORT, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\r\n\r\n")) resolve(text);
    });
    socket.on("error", reject);
    socket.write(
      `POST /api/Identity/Login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body.slice(0, 100));
    // The rest in two pieces at a slow sender's pace: the input under test, nothing the test waits on.
    setTimeout(() => socket.write(body.slice(100, 20_000)), 300);
    setTimeout(() => socket.write(body.slice(20_000)), 600);
  });
  // The body reached the handler whole: its schema answered (422: the password is too long), not a 408 or a hang.
  expect(answer).toMatch(/^HTTP\/1\.1 422/);
});

test("the build's scripts go out in brotli to a browser that takes it, unchanged to one that refuses it", async () => {
  const chunk = (await readdir(".next/static/chunks/app", { recursive: true })).find((file) => /\[\w+\].*\.js$/.test(file))!;
  // As the browser asks for it: the route's brackets percent-encoded.
  const url = `${base}/_next/static/chunks/app/${chunk.split("/").map(encodeURIComponent).join("/")}`;
  // Node's http, not fetch: fetch would undo the encoding before the test sees it.
  const ask = (acceptEncoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
  const plain = await ask("identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const brotli = await ask("gzip, deflate, br");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers["cache-control"]).toContain("immutable");
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
  expect(brotli.body.length).toBeLessThan(plain.body.length);
  expect((await ask("br;q=0, gzip")).headers["content-encoding"]).not.toBe("br");
});

test("the messages' scripts go out from our build's folder, in brotli or as they are, before the app: the bytes the build wrote", async () => {
  const name = (await readdir(".build/i18n")).find((file) => /^ru\..+\.js$/.test(file))!;
  const ask = (acceptEncoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${base}/i18n/${name}`, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
  const plain = await ask("identity");
  const brotli = await ask("gzip, deflate, br");
  for (const answer of [plain, brotli]) {
    expect(answer.headers["cache-control"]).toContain("immutable");
    expect(answer.headers["content-type"]).toContain("javascript");
    // The front door's answer (its route's carries no Vary): no app CPU for a file.
    expect(answer.headers.vary).toBe("Accept-Encoding");
  }
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
  expect(plain.body.toString()).toContain("self.olimpiadaCatalogue=");
  expect(plain.body.equals(await readFile(`.build/i18n/${name}`))).toBe(true);
  // A name that is none of the build's is the route's to answer: a 404, not a file.
  const missing = await fetch(`${base}/i18n/ru.nothing.js`);
  expect(missing.status).toBe(404);
  // Its brotli copy is no script of its own under its file's name.
  expect((await fetch(`${base}/i18n/${name}.br`, { headers: { "Accept-Encoding": "identity" } })).status).toBe(404);
});
