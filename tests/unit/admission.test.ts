// Admission control: a short queue in arrival order, those inside first, a refusal
// with a Retry-After the size of the queue for whoever would wait longer.

import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { serverConfig } from "@/lib/server-config.mjs";
import { createAdmission, defaultAdmissionLimit, doorOf } from "@/server/admission.mjs";
import { ticketCookie, ticketLender, ticketSince } from "@/server/queue-ticket.mjs";
import { admissionKey, genuineSessions } from "@/server/session-key.mjs";

const SESSION = true;

describe("doorOf", () => {
  it("frees static files and the health check, makes a sign-in and a page without a session the entrance", () => {
    expect(doorOf("/_next/static/chunks/a.js", false)).toBe("free");
    expect(doorOf("/api/health", false)).toBe("free");
    expect(doorOf("/api/Identity/Login", SESSION)).toBe("entry");
    expect(doorOf("/api/identity/login", false)).toBe("entry");
    expect(doorOf("/login", false)).toBe("entry");
    expect(doorOf("/test-attempt", false)).toBe("entry");
  });

  it("lets a request with a verified session in as one of those inside; an anonymous API call is the entrance", () => {
    expect(doorOf("/test-attempt", SESSION)).toBe("inside");
    expect(doorOf("/api/TestAttempts/New", SESSION)).toBe("inside");
    expect(doorOf("/api/Regions/GetAll", SESSION)).toBe("inside");
    expect(doorOf("/api/Regions/GetAll", false)).toBe("entry");
    expect(doorOf("/api/payments/payme", false)).toBe("entry");
    // The development server's messages path is no file of the build: it queues like a page.
    expect(doorOf("/i18n/uz.js", false)).toBe("entry");
  });
});

describe("createAdmission", () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("admits up to the limit at the entrance and twice that inside, then queues in arrival order", async () => {
    const admission = createAdmission({ limit: 1, queueMs: 10_000 });
    expect(await admission.enter("entry")).toBe(true);
    expect(await admission.enter("inside")).toBe(true);
    const order: string[] = [];
    const entry = admission.enter("entry").then((ok) => order.push(`entry:${ok}`));
    const inside = admission.enter("inside").then((ok) => order.push(`inside:${ok}`));
    await flush();
    expect(order).toEqual([]);
    expect(admission.waiting).toBe(2);
    admission.leave(); // one slot: the one inside goes first, though it came second
    await flush();
    expect(order).toEqual(["inside:true"]);
    admission.leave();
    admission.leave(); // two in flight left → one: still no room at the entrance (limit 1)
    await flush();
    expect(order).toEqual(["inside:true", "entry:true"]);
    await Promise.all([entry, inside]);
    expect(admission.inFlight).toBe(1);
  });

  it("is fair by address at the entrance: as room frees, the address holding the fewest places goes first", async () => {
    const admission = createAdmission({ limit: 3, queueMs: 10_000 });
    const flooder = { key: "address:203.0.113.9" };
    // One address on many connections holds the whole entrance, and more of it waits.
    for (const since of [1, 2, 3]) expect(await admission.enter("entry", since, undefined, flooder)).toBe(true);
    const order: string[] = [];
    const waiting = [4, 5, 6].map((since) => admission.enter("entry", since, undefined, flooder).then(() => order.push(`flood ${since}`)));
    // Sign-ins from two other addresses come after all of them, and go first.
    const signIns = ["198.51.100.1", "198.51.100.2"].map((client, i) =>
      admission.enter("entry", 10 + i, undefined, { key: `address:${client}` }).then(() => order.push(client)),
    );
    const leaves = async (key: string) => {
      admission.leave({ key });
      await flush();
    };
    await flush();
    await leaves(flooder.key);
    expect(order).toEqual(["198.51.100.1"]);
    await leaves(flooder.key);
    expect(order).toEqual(["198.51.100.1", "198.51.100.2"]);
    // The flooder holds one now, and only its own wait: its first waiter, in arrival order.
    await leaves(flooder.key);
    expect(order).toEqual(["198.51.100.1", "198.51.100.2", "flood 4"]);
    await leaves("address:198.51.100.1");
    await leaves("address:198.51.100.2");
    await Promise.all([...waiting, ...signIns]);
    expect(order).toEqual(["198.51.100.1", "198.51.100.2", "flood 4", "flood 5", "flood 6"]);
    expect(admission.inFlight).toBe(3);
  });

  it("is fair by session inside: one session looping on many connections holds its share, and a sign-in from anywhere is let in beside it", async () => {
    const admission = createAdmission({ limit: 4, queueMs: 10_000 });
    const looper = { key: "session:7" };
    const order: string[] = [];
    // Alone, the session goes past its share (2) while the entrance keeps room for one more (of 4).
    for (let i = 0; i < 3; i++) expect(await admission.enter("inside", i, undefined, looper)).toBe(true);
    const loops = [10, 11].map((since) => admission.enter("inside", since, undefined, looper).then(() => order.push(`loop ${since}`)));
    await flush();
    expect(admission.waiting).toBe(2);
    // A sign-in from anywhere: let in at once, though the session's loops came earlier.
    expect(await admission.enter("entry", 20, undefined, { key: "address:198.51.100.1" })).toBe(true);
    // The session gives back a place past its share: its loops still wait (the entrance keeps its room).
    admission.leave(looper);
    await flush();
    expect(order).toEqual([]);
    // Within its share again: its first loop goes on.
    admission.leave(looper);
    await flush();
    expect(order).toEqual(["loop 10"]);
    // Another pupil's request inside goes before the session's loops past its share.
    expect(await admission.enter("inside", 30, undefined, { key: "session:8" })).toBe(true);
    admission.leave({ key: "address:198.51.100.1" });
    await flush();
    expect(order).toEqual(["loop 10"]);
    admission.leave(looper);
    await Promise.all(loops);
    expect(order).toEqual(["loop 10", "loop 11"]);
    expect(admission.inFlight).toBe(3);
  });

  it("gives a place back to a waiter of another key first: with a room of one, a loop and a sign-in take turns", async () => {
    const admission = createAdmission({ limit: 1, queueMs: 10_000 });
    const looper = { key: "session:7" };
    const order: string[] = [];
    expect(await admission.enter("inside", 1, undefined, looper)).toBe(true);
    const loops = [2, 3].map((since) => admission.enter("inside", since, undefined, looper).then(() => order.push(`loop ${since}`)));
    const signIns = [4, 5].map((since) =>
      admission.enter("entry", since, undefined, { key: `address:10.0.0.${since}` }).then(() => order.push(`sign-in ${since}`)),
    );
    await flush();
    // The session's loops hold its share (one place): they wait, and do not keep the sign-ins out.
    expect(order).toEqual([]);
    admission.leave(looper);
    await flush();
    expect(order).toEqual(["sign-in 4", "loop 2"]);
    admission.leave({ key: "address:10.0.0.4" });
    await flush();
    expect(order).toEqual(["sign-in 4", "loop 2"]); // the loop still holds the entrance's room of one
    admission.leave(looper);
    await flush();
    expect(order).toEqual(["sign-in 4", "loop 2", "sign-in 5", "loop 3"]);
    await Promise.all([...loops, ...signIns]);
    expect(admission.inFlight).toBe(2);
  });

  it("counts a session's own waiting requests ahead of it, so that its loops cannot grow the queue past what it drains", async () => {
    const admission = createAdmission({ limit: 1, queueMs: 1_000 });
    const looper = { key: "session:7" };
    await admission.enter("entry", 1, undefined, { key: "address:10.0.0.1" });
    await admission.enter("inside", 2, undefined, looper);
    // The starting rate is the limit (1 a second): 1 + 1 waiting is the most worth it, its own included.
    const queued = [admission.enter("inside", 3, undefined, looper), admission.enter("inside", 4, undefined, looper)];
    expect(await admission.enter("inside", 5, undefined, looper)).toBe(false);
    // Another session is not behind the looper's requests past its share.
    const other = admission.enter("inside", 6, undefined, { key: "session:8" });
    expect(admission.waiting).toBe(3);
    admission.leave({ key: "address:10.0.0.1" });
    expect(await other).toBe(true);
    for (let i = 0; i < 3; i++) admission.leave(looper);
    expect(await Promise.all(queued)).toEqual([true, true]);
  });

  it("refuses whoever waited longer than the queue allows, and forgets one who hung up", async () => {
    const admission = createAdmission({ limit: 1, queueMs: 30 });
    await admission.enter("entry");
    expect(await admission.enter("entry")).toBe(false); // 30 ms in the queue, no room came
    let hangUp: () => void = () => {};
    await admission.enter("inside"); // inside: room for two
    const gone = admission.enter("inside", undefined, (drop) => {
      hangUp = drop;
    });
    await flush();
    expect(admission.waiting).toBe(1);
    hangUp();
    await expect(gone).resolves.toBe(false);
    expect(admission.waiting).toBe(0);
    admission.leave();
    expect(admission.inFlight).toBe(1); // the one who hung up was never let in
  });

  it("refuses at once when the queue is longer than the server drains in its wait", async () => {
    const admission = createAdmission({ limit: 1, queueMs: 1_000 });
    await admission.enter("entry");
    // The starting rate is the limit (1 a second): a queue of 1 + 1 is the most worth waiting in.
    const queued = [admission.enter("entry"), admission.enter("entry")];
    expect(await admission.enter("entry")).toBe(false);
    expect(admission.waiting).toBe(2);
    admission.leave();
    admission.leave();
    admission.leave();
    expect(await Promise.all(queued)).toEqual([true, true]);
  });

  it("queues a returning client by the time on its ticket, ahead of those who came after", async () => {
    let now = 50_000;
    const admission = createAdmission({ limit: 1, queueMs: 60_000, now: () => now });
    await admission.enter("entry");
    const order: string[] = [];
    void admission.enter("entry", 49_000).then(() => order.push("first"));
    void admission.enter("entry", 50_000).then(() => order.push("late"));
    void admission.enter("entry", 40_000).then(() => order.push("ticket"));
    now += 10;
    for (let i = 0; i < 3; i++) {
      admission.leave();
      await flush();
    }
    expect(order).toEqual(["ticket", "first", "late"]);
  });

  it("tells a refused client its place and its wait, and asks for a Retry-After that long, spread ±50 %", async () => {
    let now = 10_000;
    const admission = createAdmission({ limit: 2, queueMs: 60_000, now: () => now, random: () => 0.5 });
    await admission.enter("entry");
    await admission.enter("entry");
    for (let i = 0; i < 3; i++) void admission.enter("entry");
    // 2 in flight + 3 waiting at the starting rate of 2 a second: 2.5 s → 3 s at the middle of the spread.
    expect(admission.refusal("entry")).toEqual({ position: 4, waitSeconds: 3, retryAfter: 3 });
    const low = createAdmission({ limit: 2, now: () => now, random: () => 0 });
    expect(low.refusal("entry").retryAfter).toBe(1); // never below a second
    // One who first came before all three waiting needs only those in flight: 1 s.
    expect(admission.refusal("entry", now - 1)).toEqual({ position: 1, waitSeconds: 1, retryAfter: 1 });
    now += 2_000;
    for (let i = 0; i < 2; i++) admission.leave();
    expect(admission.inFlight).toBe(2);
  });

  it("tells the wait until those let in reach the time the client first came, when that is longer than the requests ahead", async () => {
    let now = 1_000_000;
    const admission = createAdmission({ limit: 1, queueMs: 60_000, now: () => now, random: () => 0.5 });
    // For 10 s, those let in first came half a second earlier each second: the frontier moves at half speed.
    for (let second = 0; second <= 10; second++) {
      const first = 900_000 + second * 500;
      expect(await admission.enter("inside", first)).toBe(true);
      now += 1_000;
      admission.leave();
    }
    // The frontier is at 905 000 (first-came time), moving at 0.5: a client who first came 10 s
    // of arrivals later waits about 20 s, though no request is ahead of it.
    const { waitSeconds, retryAfter } = admission.refusal("inside", 915_000, "late");
    expect(waitSeconds).toBeGreaterThanOrEqual(19);
    expect(waitSeconds).toBeLessThanOrEqual(21);
    expect(retryAfter).toBeLessThanOrEqual(2); // it asks again when the requests ahead are served
    // One who came before the frontier: the requests ahead only.
    expect(admission.refusal("inside", 890_000, "early").waitSeconds).toBe(1);
  });

  it("counts refused clients due back ahead of those who came after them, until they are let in or overdue", () => {
    let now = 100_000;
    const admission = createAdmission({ limit: 1, queueMs: 1_000, now: () => now, random: () => 0.5 });
    expect(admission.refusal("inside", 90_000, "early").position).toBe(1);
    expect(admission.refusal("inside", 95_000, "middle").position).toBe(2);
    expect(admission.refusal("inside", 99_000, "late").position).toBe(3);
    // Coming back, a client is not ahead of itself.
    expect(admission.refusal("inside", 95_000, "middle").position).toBe(2);
    expect(admission.away).toBe(3);
    admission.back("early");
    expect(admission.refusal("inside", 99_000, "late").position).toBe(2);
    // A client that does not come back within its Retry-After and a grace stops counting.
    now += 60_000;
    expect(admission.refusal("inside", 99_000, "late").position).toBe(1);
    expect(admission.away).toBe(1);
  });
});

describe("the room by default", () => {
  it("is 4 requests in flight per core the process has, its cores shared among the app processes, never below 4; set, it is as set", () => {
    expect(defaultAdmissionLimit(1, 2)).toBe(8);
    expect(defaultAdmissionLimit(1, 8)).toBe(32);
    expect(defaultAdmissionLimit(4, 8)).toBe(8);
    expect(defaultAdmissionLimit(64, 2)).toBe(4);
    expect(serverConfig({}).admissionLimit).toBeNull(); // the front door's default
    expect(serverConfig({ ADMISSION_LIMIT: "32" }).admissionLimit).toBe(32);
    expect(serverConfig({ ADMISSION_LIMIT: "0" }).admissionLimit).toBe(0);
    expect(serverConfig({}).admissionQueueMs).toBe(10_000);
  });
});

describe("queue tickets", () => {
  const secret = "a-secret-of-the-instances-0123456789";

  const client = "10.1.2.3\u0000Mozilla/5.0 (Linux; Android 10)";
  const ticket = (since: number, seen = since, to = client) => ticketCookie(since, secret, to, seen).split(";")[0];

  it("give back the time a client first came, when signed with the secret and given within the last 20 s", () => {
    expect(ticketSince(`a=1; ${ticket(1_000_000)}`, secret, client, 1_020_000)).toBe(1_000_000);
    // Lapsed (not renewed for 20 s: the client has come anew), from the future, forged, or signed with another secret: none.
    expect(ticketSince(ticket(1_000_000), secret, client, 1_020_001)).toBeNull();
    expect(ticketSince(ticket(1_000_000), secret, client, 999_000)).toBeNull();
    expect(ticketSince(ticket(1_000_000).replace("1000000.", "900000."), secret, client, 1_000_500)).toBeNull();
    expect(ticketSince(ticket(1_000_000, 1_000_000).replace(".1000000.", ".1015000."), secret, client, 1_020_500)).toBeNull();
    expect(ticketSince(ticket(1_000_000), "another-secret-0123456789-abcdefgh", client, 1_000_500)).toBeNull();
    expect(ticketSince(undefined, secret, client, 5)).toBeNull();
  });

  it("hold a place for as long as the client keeps coming back, renewed at each step, but never past half an hour", () => {
    // First came at 1 000 000; renewed every 15 s: still its place after 10 minutes.
    let seen = 1_000_000;
    for (let step = 0; step < 40; step++) {
      const now = seen + 15_000;
      expect(ticketSince(ticket(1_000_000, seen), secret, client, now)).toBe(1_000_000);
      seen = now;
    }
    expect(ticketSince(ticket(1_000_000, 1_000_000 + 29.9 * 60_000), secret, client, 1_000_000 + 29.95 * 60_000)).toBe(1_000_000);
    expect(ticketSince(ticket(1_000_000, 1_000_000 + 30 * 60_000), secret, client, 1_000_000 + 30 * 60_000 + 1)).toBeNull();
  });

  it("lend their time to a page and its calls, not to a script's hundred requests at once", () => {
    const lender = ticketLender(4);
    const loans = Array.from({ length: 100 }, () => lender.lend(client));
    expect(loans.filter(Boolean)).toHaveLength(4); // the other 96 queue as newcomers
    expect(lender.lend("10.9.9.9\u0000another phone")).not.toBeNull();
    loans[0]!();
    loans[0]!(); // given back once, however often the answer closes
    expect(lender.lend(client)).not.toBeNull();
    expect(lender.lend(client)).toBeNull();
    for (const loan of loans.slice(1, 4)) loan!();
    expect(lender.clients).toBe(2);
  });

  it("hold for the client they were given to: one ticket shared by fifty bots puts none of them ahead", () => {
    for (let bot = 0; bot < 50; bot++) {
      expect(ticketSince(ticket(1_000_000), secret, `10.9.9.${bot}\u0000python-requests/2.32`, 1_010_000)).toBeNull();
    }
    expect(ticketSince(ticket(1_000_000), secret, "10.1.2.3\u0000curl/8.0", 1_010_000)).toBeNull();
  });
});

describe("genuine sessions", () => {
  const secret = "a-secret-of-the-instances-0123456789";

  it("only a token of ours, not expired, counts as a session (its role and account are read): any cookie of that name used to", async () => {
    const genuine = genuineSessions(secret);
    const token = await encode({ token: { sub: "7", role: 1 }, secret, maxAge: 60 });
    expect(await genuine(`theme=x; next-auth.session-token=${token}`)).toEqual({ role: 1, account: "7" });
    expect(await genuine(`__Host-next-auth.session-token=${token}`)).toEqual({ role: 1, account: "7" });
    expect(await genuine(`next-auth.session-token=${await encode({ token: { sub: "8", role: 2 }, secret, maxAge: 60 })}`)).toEqual({
      role: 2,
      account: "8",
    });
    expect(await genuine("next-auth.session-token=x")).toBeNull();
    expect(await genuine(`next-auth.session-token=${token.slice(0, -4)}abcd`)).toBeNull();
    expect(
      await genuine(`next-auth.session-token=${await encode({ token: { sub: "7", role: 1 }, secret: "another", maxAge: 60 })}`),
    ).toBeNull();
    expect(await genuine(`next-auth.session-token=${await encode({ token: { sub: "7", role: 1 }, secret, maxAge: -10 })}`)).toBeNull();
    expect(await genuine(undefined)).toBeNull();
  });
});

describe("the key a request is queued by", () => {
  const secret = "a-secret-of-the-instances-0123456789";

  it("is the session's account inside, whichever of its tokens it carries, and the address at the entrance", async () => {
    const genuine = genuineSessions(secret);
    const [first, second, another] = await Promise.all([
      encode({ token: { sub: "7", role: 1, sid: "a" }, secret, maxAge: 60 }),
      encode({ token: { sub: "7", role: 1, sid: "b" }, secret, maxAge: 60 }),
      encode({ token: { sub: "8", role: 1, sid: "c" }, secret, maxAge: 60 }),
    ]);
    const keyOf = async (door: "inside" | "entry", address: string, token: string | null) =>
      admissionKey(door, address, await genuine(token ? `next-auth.session-token=${token}` : undefined));
    // One pupil's sessions, from any address, signed in twice: one key inside.
    expect(await keyOf("inside", "10.0.0.1", first)).toBe("session:7");
    expect(await keyOf("inside", "10.0.0.2", second)).toBe("session:7");
    expect(await keyOf("inside", "10.0.0.1", another)).toBe("session:8");
    // A sign-in (the entrance), with a session or without: its address.
    expect(await keyOf("entry", "10.0.0.1", first)).toBe("address:10.0.0.1");
    expect(await keyOf("entry", "10.0.0.1", null)).toBe("address:10.0.0.1");
    // An address is never taken for a session's account, nor the other way round.
    expect(admissionKey("entry", "7", null)).not.toBe(admissionKey("inside", "7", { role: 1, account: "7" }));
  });
});
