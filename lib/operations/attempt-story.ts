// One attempt's story (`npm run ops:logs-attempt -- ID`, issue 26): "A parent says the test closed on
// her son at 10:12. What happened?" From the database: the attempt, the last save of each answer,
// the organiser's acts on it and on the pupil, its end and why. From the logs (lib/log.mjs): every
// call about the attempt (each answer's arrival, refused ones too), the pupil's other calls around
// it (sign-ins, page loads), and the attempt's events. In Tashkent time, in order.
import "server-only";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import { attemptQuestions, attempts, organiserActions, subjects, tests, users } from "@/db/schema";
import { db } from "@/lib/db/client";
import { EndedBy } from "@/shared/attempts/enums";
import { formatTashkent } from "@/shared/time";

type Entry = { at: Date; text: string };
type LogLine = Record<string, unknown> & { time?: string; msg?: string };

/** How long before the start and after the end the pupil's other calls are told. */
const AROUND_MS = 30 * 60_000;

const ENDED_BY: Record<number, string> = {
  [EndedBy.Pupil]: "by the pupil (Yakunlash)",
  [EndedBy.Clock]: "by the clock (time ran out)",
  [EndedBy.Organiser]: "by an organiser",
};

/** The lines of the story, or null when there is no such attempt. */
export async function attemptStory(attemptId: number, logs: Readable[]): Promise<string[] | null> {
  const [row] = await db
    .select({ attempt: attempts, username: users.username, subject: subjects.name, grade: subjects.grade, test: tests })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .innerJoin(subjects, eq(subjects.id, tests.subjectId))
    .where(eq(attempts.id, attemptId));
  if (!row) return null;
  const { attempt } = row;
  const from = new Date(attempt.startedAt.getTime() - AROUND_MS);
  const until = new Date((attempt.endedAt ?? attempt.deadlineAt).getTime() + AROUND_MS);
  const entries: Entry[] = [
    {
      at: attempt.startedAt,
      text: `started (database); deadline now ${formatTashkent(attempt.deadlineAt.toISOString(), { seconds: true })}`,
    },
  ];

  const answered = await db
    .select({ number: attemptQuestions.number, at: attemptQuestions.answeredAt })
    .from(attemptQuestions)
    .where(and(eq(attemptQuestions.attemptId, attemptId), isNotNull(attemptQuestions.answeredAt)))
    .orderBy(asc(attemptQuestions.answeredAt));
  for (const answer of answered) {
    if (answer.at) entries.push({ at: answer.at, text: `question ${answer.number}: its answer as kept (the last save, database)` });
  }

  const acts = await db
    .select()
    .from(organiserActions)
    .where(
      or(
        and(eq(organiserActions.targetType, "attempt"), eq(organiserActions.targetId, attemptId)),
        and(
          eq(organiserActions.targetType, "pupil"),
          eq(organiserActions.targetId, attempt.userId),
          sql`${organiserActions.createdAt} between ${from.toISOString()}::timestamptz and ${until.toISOString()}::timestamptz`,
        ),
        // Extra time for many at once names each attempt it moved.
        and(
          eq(organiserActions.targetType, "test"),
          eq(organiserActions.targetId, attempt.testId),
          sql`${organiserActions.details}::jsonb -> 'attemptIds' @> ${JSON.stringify([attemptId])}::jsonb`,
        ),
      ),
    )
    .orderBy(asc(organiserActions.createdAt));
  for (const act of acts) {
    const details = act.details ? summarise(JSON.parse(act.details) as Record<string, unknown>) : "";
    entries.push({
      at: act.createdAt,
      text: `organiser #${act.organiserId}: ${act.action}${details}${act.reason ? `, reason "${act.reason}"` : ""} (audit log)`,
    });
  }

  if (attempt.endedAt) {
    const by = attempt.endedBy ? ENDED_BY[attempt.endedBy] : "";
    entries.push({ at: attempt.endedAt, text: `ended ${by} (database)` });
  }
  if (attempt.resetAt) entries.push({ at: attempt.resetAt, text: "reset by an organiser: the pupil may start again (database)" });

  let logged = 0;
  for (const source of logs) {
    for await (const line of createInterface({ input: source, crlfDelay: Number.POSITIVE_INFINITY })) {
      const entry = fromLog(line, attemptId, attempt.userId, from, until);
      if (entry) {
        entries.push(entry);
        logged++;
      }
    }
  }

  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  const score = [attempt.easyScoreTenths, attempt.mediumScoreTenths, attempt.hardScoreTenths];
  return [
    `Attempt ${attemptId}: pupil ${row.username ?? `#${attempt.userId}`} (user ${attempt.userId}), ${row.subject}, grade ${row.grade}`,
    `  test window ${formatTashkent(row.test.openedAt.toISOString())} – ${formatTashkent(row.test.closedAt.toISOString())}, ${row.test.durationMinutes} min; times are Tashkent's`,
    `  ${answered.length} question(s) answered; ${attempt.endedAt ? `score ${score.map((part) => (part ?? 0) / 10).join(" + ")}` : "still running"}`,
    `  ${logged} log line(s) found${logs.length === 0 ? " (no logs given: the database's part only)" : ""}`,
    "",
    ...entries.map(
      (entry) =>
        `${formatTashkent(entry.at.toISOString(), { seconds: true })}.${String(entry.at.getMilliseconds()).padStart(3, "0")}  ${entry.text}`,
    ),
  ];
}

/** A log line that belongs to the story, told; null for any other (or not a log line at all). */
function fromLog(line: string, attemptId: number, userId: number, from: Date, until: Date): Entry | null {
  // Most lines are someone else's: a cheap look before parsing.
  if (!line.includes(`"attemptId":${attemptId}`) && !line.includes(`"userId":${userId}`)) return null;
  let fields: LogLine;
  try {
    fields = JSON.parse(line) as LogLine;
  } catch {
    return null;
  }
  if (!fields.time) return null;
  const at = new Date(fields.time);
  const ours = fields.attemptId === attemptId;
  if (!ours && !(fields.userId === userId && at >= from && at <= until)) return null;
  if (fields.attemptId !== undefined && !ours) return null; // another attempt of the pupil's
  const request = fields.requestId ? ` [${fields.requestId}${fields.instance ? ` on ${fields.instance}` : ""}]` : "";
  if (fields.msg === "request") {
    const question = typeof fields.question === "number" ? ` question ${fields.question}` : "";
    return {
      at,
      text: `${fields.method} ${fields.route}${question} → ${fields.status ?? "no answer (the client went)"} in ${fields.ms} ms${request}`,
    };
  }
  const { level, time, instance, requestId, msg, event, attemptId: _a, userId: _u, ...rest } = fields;
  return { at, text: `${event ?? msg}${summarise(rest)}${level === "error" ? " (error)" : ""}${request}` };
}

/** A record's fields as ", name value" pairs (a list of attempt ids as its count). */
function summarise(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(
      ([name, value]) =>
        `, ${name} ${Array.isArray(value) ? `[${value.length}]` : typeof value === "object" ? JSON.stringify(value) : String(value)}`,
    )
    .join("");
}

/** The logs named on the command line ("-" for standard input). */
export function logSources(paths: string[]): Readable[] {
  return paths.map((file) => (file === "-" ? process.stdin : createReadStream(file)));
}
