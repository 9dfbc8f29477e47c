// The test's rules as plain functions of their inputs: deadline, remaining time,
// when the key may be shown, scoring, and the order questions are numbered in. The rules a
// statement must apply in the database have their SQL twins in rules-sql.ts, tested against the
// same cases.
import "server-only";
import { randomInt } from "node:crypto";
import { ReviewPolicy } from "@/shared/attempts/enums";
import { DIFFICULTIES } from "@/shared/attempts/scoring";

/** An answer that left the phone in time may arrive this much after the deadline. */
export const ANSWER_GRACE_SECONDS = 15;

export function deadlineOf({
  startedAt,
  durationMinutes,
  extraMinutes,
  closedAt,
}: {
  startedAt: Date;
  durationMinutes: number;
  extraMinutes: number;
  closedAt: Date;
}): Date {
  const byDuration = startedAt.getTime() + (durationMinutes + extraMinutes) * 60_000;
  return new Date(Math.min(byDuration, closedAt.getTime()));
}

/** Whole seconds to the deadline, never negative. */
export function remainingSeconds(deadlineAt: Date, now: Date): number {
  return Math.max(0, Math.floor((deadlineAt.getTime() - now.getTime()) / 1000));
}

/** The earliest deadline that still takes an answer at `now`: the deadline's grace reaches back this far. */
export function graceCutoff(now: Date): Date {
  return new Date(now.getTime() - ANSWER_GRACE_SECONDS * 1000);
}

/** Past the deadline and its network grace: nothing more is accepted, the attempt is over. */
export function isPastGrace(deadlineAt: Date, now: Date): boolean {
  return deadlineAt.getTime() < graceCutoff(now).getTime();
}

export function isWindowOpen({ openedAt, closedAt }: { openedAt: Date; closedAt: Date }, now: Date): boolean {
  return openedAt.getTime() <= now.getTime() && now.getTime() < closedAt.getTime();
}

/** When check-in opens: `checkInMinutes` before the opening. */
export function checkInOf({ openedAt, checkInMinutes }: { openedAt: Date; checkInMinutes: number }): Date {
  return new Date(openedAt.getTime() - checkInMinutes * 60_000);
}

/** From check-in until the close: a pupil's paper may be drawn, and the start page is the check-in room until the opening. */
export function hasCheckInBegun(test: { openedAt: Date; closedAt: Date; checkInMinutes: number }, now: Date): boolean {
  return checkInOf(test).getTime() <= now.getTime() && now.getTime() < test.closedAt.getTime();
}

/**
 * Whether review may show which choice is correct: never while the attempt runs. With
 * `afterClose` (the default), only once no attempt of the test can still save an answer: the
 * window's close and its grace have passed and no attempt is still within its deadline and grace
 * (extra minutes given to a running attempt may take its deadline past the close). `afterEnd` is the organiser's explicit choice for
 * practice rounds: the key right after the pupil's own end, even while others still answer.
 */
export function mayRevealKey({
  endedAt,
  reviewPolicy,
  closedAt,
  now,
  answersStillPossible,
}: {
  endedAt: Date | null;
  reviewPolicy: string;
  closedAt: Date;
  now: Date;
  /** Some attempt of the test has not ended and is not past its deadline and grace. */
  answersStillPossible: boolean;
}): boolean {
  if (!endedAt) return false;
  if (reviewPolicy === ReviewPolicy.AfterEnd) return true;
  return isPastGrace(closedAt, now) && !answersStillPossible;
}

/**
 * Whether a test's results may still change: an answer may still arrive (its close and the grace
 * have not passed), or an attempt has not ended yet (a Finish or the sweep will score it). The
 * results page, the exports and the item statistics all say "provisional" by this rule.
 */
export function isProvisional({ closedAt, now, attemptsNotEnded }: { closedAt: Date; now: Date; attemptsNotEnded: number }): boolean {
  return !isPastGrace(closedAt, now) || attemptsNotEnded > 0;
}

export function shuffle<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

/**
 * Numbering: easy, then medium, then hard; inside a difficulty, questions of one reading text
 * next to each other (where the first of them fell), the rest in their drawn order.
 */
export function numberQuestions<Q extends { difficulty: number; readingTextId: number | null }>(drawn: Q[]): Q[] {
  const ordered: Q[] = [];
  for (const { difficulty } of DIFFICULTIES) {
    const ofDifficulty = drawn.filter((q) => q.difficulty === difficulty);
    const placed = new Set<Q>();
    for (const question of ofDifficulty) {
      if (placed.has(question)) continue;
      const group = question.readingTextId === null ? [question] : ofDifficulty.filter((q) => q.readingTextId === question.readingTextId);
      for (const q of group) {
        placed.add(q);
        ordered.push(q);
      }
    }
  }
  return ordered;
}
