// Identity: sign-in failures, the five-in-a-row lockout on a controllable clock,
// blocking, sessions that end when blocked, and the return address after sign-in.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInFailures } from "@/db/schema";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { deviceCookie } from "@/lib/identity/device";
import { login, loginFailures } from "@/lib/identity/login";
import { verifyPassword } from "@/lib/identity/password";
import { safeReturnUrl } from "@/lib/identity/return-url";
import { endSession, requireUser } from "@/lib/identity/session";
import { decodeSession, encodeSession, sessionCookie } from "@/lib/identity/session-token";
import {
  forgetOldSignInFailures,
  LOCKOUT_SECONDS,
  signIn,
  TRIES_PER_ADDRESS_WHILE_SPENT,
  USERNAME_TRIES_PER_MINUTE,
  unlockSignIn,
} from "@/lib/identity/sign-in";
import { getCurrentUser } from "@/lib/identity/users";
import { setPupilBlocked } from "@/lib/pupils/acts";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { createPupil } from "../support/pupils";

setUpDatabase();

async function codeOf(promise: Promise<unknown>): Promise<number | null> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error.code;
}

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/** A sign-in from the pupil's usual address unless another is named. */
const HOME = "10.0.0.1";
const signInFrom = (input: Omit<Parameters<typeof signIn>[0], "address"> & { address?: string }) => signIn({ address: HOME, ...input });

describe("Identity/Login", () => {
  it("signs in with the right password, whatever the username's case", async () => {
    const pupil = await createPupil();
    const user = await signInFrom({ username: pupil.username.toUpperCase(), password: pupil.password });
    expect(user.id).toBe(pupil.userId);
    expect(user.role).toBe(1);
  });

  it("a wrong password or an unknown username → 2102", async () => {
    const pupil = await createPupil();
    expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong-one" }))).toBe(2102);
    expect(await codeOf(signInFrom({ username: "nobody-here", password: "whatever1" }))).toBe(2102);
  });

  it("five wrong in a row lock the account → 2101, even with the right password, until ten seconds after the last try", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T08:00:00Z");
    for (let i = 1; i <= 4; i++) {
      expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, i) }))).toBe(2102);
    }
    expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, 5) }))).toBe(2101);
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 6) }))).toBe(2101);
    // A try while locked pushes the end on: the lock ends LOCKOUT_SECONDS after the last try.
    expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, 6 + LOCKOUT_SECONDS - 1) }))).toBe(2101);
    const lastTry = 6 + LOCKOUT_SECONDS - 1;
    expect(
      await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, lastTry + LOCKOUT_SECONDS - 1) })),
    ).toBe(2101);
    const after = await signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, lastTry + 2 * LOCKOUT_SECONDS) });
    expect(after.id).toBe(pupil.userId);
  });

  it("after an attack stops, a new device with the right password gets in within about ten seconds", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T08:30:00Z");
    // An attack of five tries every five minutes used to keep the owner out for good.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, round * 300 + i) }));
      expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, round * 300 + 5) }))).toBe(2101);
      const owner = await signInFrom({
        username: pupil.username,
        password: pupil.password,
        now: at(t0, round * 300 + 5 + LOCKOUT_SECONDS + 1),
      });
      expect(owner.id).toBe(pupil.userId);
    }
    expect(LOCKOUT_SECONDS).toBeLessThanOrEqual(10);
  });

  it("a device that signed in before is not locked by failures from elsewhere, however long they go on", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T08:45:00Z");
    const device = "known-device-nonce";
    for (let s = 0; s < 120; s += 3) await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, s) }));
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 120) }))).toBe(2101);
    expect((await signInFrom({ username: pupil.username, password: pupil.password, device, now: at(t0, 120) })).id).toBe(pupil.userId);
    // The device's own wrong tries lock the device alone.
    for (let i = 1; i <= 5; i++) await codeOf(signInFrom({ username: pupil.username, password: "wrong", device, now: at(t0, 130 + i) }));
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, device, now: at(t0, 136) }))).toBe(2101);
  });

  it("a lock holds at the address the tries came from: the owner on a new device elsewhere still gets in", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T08:47:00Z");
    // One client kept trying for two minutes, one try every 9 s (each pushes its lock on).
    for (let s = 0; s < 120; s += 9)
      await codeOf(signInFrom({ username: pupil.username, password: "wrong", address: "10.6.6.6", now: at(t0, s) }));
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, address: "10.6.6.6", now: at(t0, 120) }))).toBe(
      2101,
    );
    expect((await signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 120) })).id).toBe(pupil.userId);
  });

  it("tries from many addresses together are capped per username (USERNAME_TRIES_PER_MINUTE), then one a minute per address", async () => {
    const pupil = await createPupil();
    const now = new Date("2025-06-01T08:48:00Z");
    for (let i = 0; i < USERNAME_TRIES_PER_MINUTE; i++) {
      expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", address: `10.7.${i >> 8}.${i & 255}`, now }))).toBe(
        2102,
      );
    }
    // The ceiling is spent: each address is checked once more this minute
    // (TRIES_PER_ADDRESS_WHILE_SPENT), and its next try that minute is refused unchecked.
    expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", address: "10.8.0.2", now }))).toBe(2102);
    let checked = 0;
    const counting = (hash: string, password: string) => {
      checked++;
      return verifyPassword(hash, password);
    };
    expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", address: "10.8.0.2", now, verify: counting }))).toBe(
      2101,
    );
    expect(checked).toBe(0);
    expect(TRIES_PER_ADDRESS_WHILE_SPENT).toBe(1);
    // A device the account signed in on before is outside the ceiling; an organiser's unlock lifts it.
    expect((await signInFrom({ username: pupil.username, password: pupil.password, device: "d2", now })).id).toBe(pupil.userId);
    await unlockSignIn(pupil.username);
    expect((await signInFrom({ username: pupil.username, password: pupil.password, address: "10.8.0.1", now })).id).toBe(pupil.userId);
  });

  it("wrong passwords from a dozen addresses never keep the owner with the right one out of a new device", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T08:49:00Z");
    const attack = (second: number) =>
      Promise.all(
        Array.from({ length: 12 }, (_, a) =>
          (async () => {
            for (let i = 0; i < 5; i++) {
              await codeOf(
                signInFrom({ username: pupil.username, password: `guess-${a}-${i}`, address: `10.9.${second}.${a}`, now: at(t0, second) }),
              );
            }
          })(),
        ),
      );
    // 12 addresses × 5 wrong, then the owner on a school computer; again 15 s later from another,
    // with the attack still going on in between.
    await attack(0);
    expect((await signInFrom({ username: pupil.username, password: pupil.password, address: "10.10.0.1", now: at(t0, 3) })).id).toBe(
      pupil.userId,
    );
    await attack(10);
    expect((await signInFrom({ username: pupil.username, password: pupil.password, address: "10.10.0.2", now: at(t0, 18) })).id).toBe(
      pupil.userId,
    );
  });

  it("an organiser's unlock lifts the username's lock and its devices' at once", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T08:50:00Z");
    for (let i = 1; i <= 5; i++) {
      await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, i) }));
      await codeOf(signInFrom({ username: pupil.username, password: "wrong", device: "d1", now: at(t0, i) }));
    }
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 6) }))).toBe(2101);
    await unlockSignIn(pupil.username.toUpperCase());
    expect((await signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 7) })).id).toBe(pupil.userId);
    expect((await signInFrom({ username: pupil.username, password: pupil.password, device: "d1", now: at(t0, 7) })).id).toBe(pupil.userId);
  });

  it("a success resets the count: four wrong, one right, four wrong is no lockout", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T09:00:00Z");
    for (let i = 1; i <= 4; i++) await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, i) }));
    await signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 5) });
    for (let i = 6; i <= 9; i++) {
      expect(await codeOf(signInFrom({ username: pupil.username, password: "wrong", now: at(t0, i) }))).toBe(2102);
    }
    expect((await signInFrom({ username: pupil.username, password: pupil.password, now: at(t0, 10) })).id).toBe(pupil.userId);
  });

  it("concurrent wrong guesses are all counted", async () => {
    const pupil = await createPupil();
    const now = new Date("2025-06-01T10:00:00Z");
    const codes = await Promise.all(
      Array.from({ length: 5 }, () => codeOf(signInFrom({ username: pupil.username, password: "wrong", now }))),
    );
    expect(codes.filter((c) => c === 2101)).toHaveLength(1);
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now }))).toBe(2101);
  });

  it("100 parallel wrong passwords: exactly 5 are evaluated, the rest 2101; the right one among them does not sign in", async () => {
    const pupil = await createPupil();
    const now = new Date("2025-06-01T11:00:00Z");
    let evaluated = 0;
    const counting = async (hash: string, password: string) => {
      evaluated += 1;
      return verifyPassword(hash, password);
    };
    const wrong = Array.from({ length: 100 }, () =>
      codeOf(signInFrom({ username: pupil.username, password: "wrong-guess", now, verify: counting })),
    );
    const right = signInFrom({ username: pupil.username, password: pupil.password, now, verify: counting }).then(
      () => 200,
      (e: AppError) => e.code,
    );
    const codes = [...(await Promise.all(wrong)), await right];
    expect(evaluated).toBe(5);
    expect(codes).not.toContain(200);
    expect(codes.filter((c) => c === 2102).length + codes.filter((c) => c === 2101).length).toBe(101);
    expect(codes.filter((c) => c === 2102).length).toBeLessThanOrEqual(5);
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password, now: at(now, LOCKOUT_SECONDS - 1) }))).toBe(2101);
  });

  it("an unknown username is answered exactly as a wrong password, and locks after five alike", async () => {
    const pupil = await createPupil();
    const t0 = new Date("2025-06-01T12:00:00Z");
    const answer = async (username: string, seconds: number) => {
      const error = await signInFrom({ username, password: "wrong-guess", now: at(t0, seconds) }).catch((e: AppError) => e);
      return error instanceof AppError ? { status: error.status, body: error.toBody() } : error;
    };
    for (let i = 1; i <= 5; i++) {
      expect(await answer("no-such-pupil", i)).toEqual(await answer(pupil.username, i));
    }
    expect(await answer("no-such-pupil", 6)).toEqual({ status: 400, body: expect.objectContaining({ code: 2101 }) });
    expect(await answer("no-such-pupil", 6)).toEqual(await answer(pupil.username, 6));
  });

  it("a username longer once lower-cased (İ) is counted like any other, never a 500", async () => {
    const long = "İ".repeat(30);
    expect(await codeOf(signInFrom({ username: long, password: "wrong-guess" }))).toBe(2102);
  });

  it("tries nobody repeated for a day are forgotten by the sweep; a running lockout is not", async () => {
    const t0 = new Date("2025-06-02T08:00:00Z");
    await codeOf(signInFrom({ username: "forgotten-name", password: "wrong-guess", now: t0 }));
    for (let i = 0; i < 5; i++) await codeOf(signInFrom({ username: "locked-name", password: "wrong-guess", now: at(t0, 0) }));
    const later = at(t0, 24 * 60 * 60 + 1);
    await db
      .update(signInFailures)
      .set({ lockoutEndsAt: at(later, 60) })
      .where(eq(signInFailures.username, `address:locked-name:${HOME}`));
    await forgetOldSignInFailures({ now: later });
    const left = await db
      .select({ username: signInFailures.username })
      .from(signInFailures)
      .where(inArray(signInFailures.username, [`address:forgotten-name:${HOME}`, `address:locked-name:${HOME}`]));
    expect(left.map((r) => r.username)).toEqual([`address:locked-name:${HOME}`]);
  });

  it("an organiser-blocked account → 2103", async () => {
    const pupil = await createPupil();
    await setPupilBlocked({ organiserId: await organiserId(), userId: pupil.userId, blocked: true, reason: "sinov" });
    expect(await codeOf(signInFrom({ username: pupil.username, password: pupil.password }))).toBe(2103);
    await setPupilBlocked({ organiserId: await organiserId(), userId: pupil.userId, blocked: false, reason: "sinov" });
    expect((await signInFrom({ username: pupil.username, password: pupil.password })).id).toBe(pupil.userId);
  });
});

describe("the address's outer bound on failed sign-ins", () => {
  /** A browser's cookies as login reads and sets them. */
  const browser = () => {
    const jar = new Map<string, string>();
    return { get: (name: string) => jar.get(name), set: (name: string, value: string) => void jar.set(name, value) };
  };
  const statusOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: unknown) => (error instanceof AppError ? error.status : 500),
    );
  /** The address's count brought to `failures` as a flood of wrong sign-ins on made-up names would. */
  const flood = async (address: string, failures: number) => {
    for (let i = 0; i < failures; i++) await loginFailures.consume(address);
  };

  it("past 1 000 failures in its minute keeps the address's new devices out (429), never a device that signed in to the account before", async () => {
    const pupil = await createPupil();
    const input = { username: pupil.username, password: pupil.password };
    const school = "10.8.0.1";
    const owner = browser();
    expect(await statusOf(login({ input, clientAddress: school, cookies: owner }))).toBe(200);
    expect(owner.get(deviceCookie().name)).toBeTruthy();
    await flood(school, 999);
    // The thousandth failure, from a new device: counted; from then on the address's new devices are refused.
    expect(await statusOf(login({ input: { ...input, password: "wrong-one" }, clientAddress: school, cookies: browser() }))).toBe(400);
    expect(await statusOf(login({ input, clientAddress: school, cookies: browser() }))).toBe(429);
    // The owner's device is neither stopped nor counted: in, and its typo is its own count's 2102.
    expect(await statusOf(login({ input, clientAddress: school, cookies: owner }))).toBe(200);
    expect(await codeOf(login({ input: { ...input, password: "wrong-one" }, clientAddress: school, cookies: owner }))).toBe(2102);
    expect(await statusOf(login({ input, clientAddress: school, cookies: owner }))).toBe(200);
    // Its cookie is the account's only: on another account it is a new device.
    const classmate = await createPupil();
    const asClassmate = { username: classmate.username, password: classmate.password };
    expect(await statusOf(login({ input: asClassmate, clientAddress: school, cookies: owner }))).toBe(429);
    expect(await statusOf(login({ input: asClassmate, clientAddress: "10.8.0.2", cookies: browser() }))).toBe(200);
  });

  it("counts no failure of a known device against its address", async () => {
    const pupil = await createPupil();
    const input = { username: pupil.username, password: pupil.password };
    const address = "10.8.0.3";
    const owner = browser();
    expect(await statusOf(login({ input, clientAddress: address, cookies: owner }))).toBe(200);
    await flood(address, 999);
    for (let i = 0; i < 3; i++) await codeOf(login({ input: { ...input, password: "wrong-one" }, clientAddress: address, cookies: owner }));
    expect(await statusOf(login({ input, clientAddress: address, cookies: browser() }))).toBe(200);
  });
});

describe("the session", () => {
  it("ends on the server at Chiqish: the same token is refused afterwards, the pupil's other devices stay signed in", async () => {
    const pupil = await createPupil();
    const signedIn = await signInFrom({ username: pupil.username, password: pupil.password });
    const token = await encodeSession({ userId: signedIn.id, role: signedIn.role, sessionVersion: signedIn.sessionVersion });
    const otherDevice = await encodeSession({ userId: signedIn.id, role: signedIn.role, sessionVersion: signedIn.sessionVersion });
    expect((await requireUser(token)).id).toBe(pupil.userId);
    await endSession(token);
    await expect(requireUser(token)).rejects.toMatchObject({ status: 401 });
    expect((await requireUser(otherDevice)).id).toBe(pupil.userId);
    // A new sign-in works again.
    const again = await signInFrom({ username: pupil.username, password: pupil.password });
    const fresh = await encodeSession({ userId: again.id, role: again.role, sessionVersion: again.sessionVersion });
    expect((await requireUser(fresh)).id).toBe(pupil.userId);
  });

  it("is a token of the user that the server accepts until the pupil is blocked", async () => {
    const pupil = await createPupil();
    const token = await encodeSession({ userId: pupil.userId, role: 1, sessionVersion: 0 });
    expect(await decodeSession(token)).toEqual({
      userId: pupil.userId,
      role: 1,
      sessionVersion: 0,
      sessionId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((await requireUser(token)).id).toBe(pupil.userId);
    await setPupilBlocked({ organiserId: await organiserId(), userId: pupil.userId, blocked: true, reason: "sinov" });
    await expect(requireUser(token)).rejects.toMatchObject({ status: 401 });
  });

  it("is new at every sign-in", async () => {
    const claims = { userId: 1, role: 1, sessionVersion: 0 };
    expect(await encodeSession(claims)).not.toBe(await encodeSession(claims));
  });

  it("a forged or damaged token is nobody", async () => {
    expect(await decodeSession("not-a-token")).toBeNull();
    const token = await encodeSession({ userId: 1, role: 2, sessionVersion: 0 });
    expect(await decodeSession(`${token.slice(0, -4)}AAAA`)).toBeNull();
    await expect(requireUser(undefined)).rejects.toMatchObject({ status: 401 });
  });

  it("a role the route does not allow → 403", async () => {
    const pupil = await createPupil();
    const token = await encodeSession({ userId: pupil.userId, role: 1, sessionVersion: 0 });
    await expect(requireUser(token, [2])).rejects.toMatchObject({ status: 403 });
  });

  it("the role comes from the database, not from the token", async () => {
    const pupil = await createPupil();
    const forgedRole = await encodeSession({ userId: pupil.userId, role: 2, sessionVersion: 0 });
    await expect(requireUser(forgedRole, [2])).rejects.toMatchObject({ status: 403 });
  });

  it("the cookie is httpOnly, SameSite=Lax, a day long; Secure and __Host- only over HTTPS", () => {
    expect(sessionCookie()).toEqual({
      name: "next-auth.session-token",
      options: { httpOnly: true, sameSite: "lax", secure: false, path: "/", maxAge: 86_400 },
    });
  });
});

describe("GetCurrentUser", () => {
  it("answers the spec's fields, subjectName included", async () => {
    const pupil = await createPupil({ grade: 9, subject: "Kimyo" });
    expect(await getCurrentUser({ userId: pupil.userId })).toMatchObject({
      role: 1,
      firstName: "Test",
      lastName: "Oquvchi",
      grade: 9,
      subjectName: "Kimyo",
      regionId: 1726,
      districtId: 1726266,
      organizationId: 0,
    });
  });
});

describe("returnUrl is only a path on this site", () => {
  it.each([
    ["/test-attempt/5?questionNumber=3", "/test-attempt/5?questionNumber=3"],
    ["/update-profile", "/update-profile"],
    [undefined, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    // Dot segments that normalise into a scheme-relative address.
    ["/.//evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/%2e//evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/login?returnUrl=/x", "/"],
    [["/a", "/b"], "/"],
  ])("%j → %s", (raw, expected) => {
    expect(safeReturnUrl(raw)).toBe(expected);
  });
});
