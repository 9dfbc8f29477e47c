// The start page's one phase (components/attempts/start-phase.ts): which state wins when several
// hold at once, on one table of cases.
import { describe, expect, it } from "vitest";
import { type StartPhase, startPhase } from "@/components/attempts/start-phase";
import { keepsShell } from "@/components/attempts/use-before-opening";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import type { AttemptView } from "@/lib/attempts/taking";

const serverTime = "2030-01-01T08:00:00.000Z";
const allow = (over: Partial<AllowTestAttempt> = {}): AllowTestAttempt => ({
  isAllowed: false,
  allowedAtOpening: false,
  openedAt: "2030-01-01T09:00:00.000Z",
  closedAt: "2030-01-01T12:00:00.000Z",
  checkInAt: "2030-01-01T07:00:00.000Z",
  serverTime,
  durationMinutes: 90,
  questionCount: 30,
  ...over,
});
const none: IsThereAttempt = { isThereAttempt: false, isEnded: false, attemptId: null };
const running: IsThereAttempt = { isThereAttempt: true, isEnded: false, attemptId: 7 };
const ended: IsThereAttempt = { isThereAttempt: true, isEnded: true, attemptId: 7 };
const result = {} as AttemptResult;
const started = (id: number) => ({ attempt: { testAttemptId: id } as AttemptView, requestedAt: 0 });
const queue = { tries: 1, retryAt: 0, place: null };

type Inputs = Parameters<typeof startPhase>[0];

const base: Inputs = { status: none, result: undefined, started: null, queue: null, paid: true, allow: allow(), reached: null };

const cases: [string, Partial<Inputs>, StartPhase["kind"]][] = [
  ["a running attempt not started here", { status: running }, "resuming"],
  ["the attempt started here, running", { status: running, started: started(7) }, "attempt"],
  ["started here, but the server runs another", { status: running, started: started(8) }, "check-in"],
  ["an ended attempt with its result", { status: ended, result }, "result"],
  ["an ended attempt, its result not loaded", { status: ended }, "check-in"],
  ["queued wins over not paid", { queue, paid: false }, "queued"],
  ["not paid", { paid: false }, "not-paid"],
  ["allowed now", { allow: allow({ isAllowed: true }) }, "start"],
  ["the countdown reached an opening allowed beforehand", { reached: allow().openedAt, allow: allow({ allowedAtOpening: true }) }, "start"],
  [
    "reached an opening the organiser moved since",
    { reached: "2030-01-01T08:30:00.000Z", allow: allow({ allowedAtOpening: true }) },
    "check-in",
  ],
  ["no test", { allow: allow({ openedAt: null }) }, "no-test"],
  ["closed", { allow: allow({ closedAt: serverTime }) }, "closed"],
  ["checked in", {}, "check-in"],
  ["before check-in", { allow: allow({ checkInAt: "2030-01-01T08:00:01.000Z" }) }, "countdown"],
  ["no check-in time", { allow: allow({ checkInAt: null }) }, "countdown"],
];

describe("startPhase", () => {
  it.each(cases)("%s", (_, over, kind) => {
    expect(startPhase({ ...base, ...over }).kind).toBe(kind);
  });
});

// The offline shell is kept by every paid pupil's start page, after the opening as before it (one
// page for every pupil, answered from the front door's memory: server/offline-shell.mjs).
describe("keepsShell", () => {
  it.each([
    ["paid", { paid: true, ended: false }, true],
    ["not paid", { paid: false, ended: false }, false],
    ["the attempt ended", { paid: true, ended: true }, false],
  ])("%s", (_, page, kept) => {
    expect(keepsShell(page)).toBe(kept);
  });
});
