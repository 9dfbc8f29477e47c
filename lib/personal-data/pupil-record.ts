// What is kept about one pupil, read as it is: the profile with its place names, the
// registration and payments, every attempt (reset ones too), answer, save, sign-in and start,
// appeal and organiser's action. ./personal-data.ts gives it to a family as one JSON file.
import "server-only";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import {
  accessEvents,
  answerEvents,
  appealDecisions,
  appeals,
  attemptQuestions,
  attempts,
  districts,
  organiserActions,
  organizations,
  payments,
  regions,
  registrations,
  subjects,
  users,
} from "@/db/schema";
import { anyAttempt } from "@/lib/attempts/counting";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { UserRole } from "@/shared/identity/roles";

/** Everything kept about one pupil (not found unless a pupil's id), each part in its stored order. */
export async function readPupilRecord(userId: number) {
  const [row] = await db
    .select({ user: users, region: regions.name, district: districts.name, school: organizations.name, subject: subjects.name })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .leftJoin(districts, eq(districts.id, users.districtId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(subjects, eq(subjects.id, users.subjectId))
    .where(and(eq(users.id, userId), eq(users.role, UserRole.Default)));
  if (!row) throw notFound();
  const [registration] = await db.select().from(registrations).where(eq(registrations.userId, userId));
  const paid = registration
    ? await db.select().from(payments).where(eq(payments.registrationGuid, registration.guid)).orderBy(asc(payments.id))
    : [];
  // Everything the pupil did, reset attempts too: the export is their record.
  const taken = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), anyAttempt()))
    .orderBy(asc(attempts.id));
  const answers = await db
    .select({ attemptId: attemptQuestions.attemptId, number: attemptQuestions.number, answeredAt: attemptQuestions.answeredAt })
    .from(attemptQuestions)
    .innerJoin(attempts, eq(attempts.id, attemptQuestions.attemptId))
    .where(and(eq(attempts.userId, userId), anyAttempt(), isNotNull(attemptQuestions.answeredAt)))
    .orderBy(asc(attemptQuestions.attemptId), asc(attemptQuestions.number));
  // Every save of an answer, with the choice as the pupil saw it lettered (A is their first).
  const saves = await db
    .select({
      attemptId: answerEvents.attemptId,
      number: attemptQuestions.number,
      position: sql<number | null>`array_position(${attemptQuestions.choiceOrder}, ${answerEvents.choiceId})`,
      receivedAt: answerEvents.receivedAt,
      chosenAt: answerEvents.chosenAt,
    })
    .from(answerEvents)
    .innerJoin(attempts, eq(attempts.id, answerEvents.attemptId))
    .innerJoin(
      attemptQuestions,
      and(eq(attemptQuestions.attemptId, answerEvents.attemptId), eq(attemptQuestions.questionId, answerEvents.questionId)),
    )
    .where(and(eq(attempts.userId, userId), anyAttempt()))
    .orderBy(asc(answerEvents.attemptId), asc(answerEvents.id));
  const accesses = await db.select().from(accessEvents).where(eq(accessEvents.userId, userId)).orderBy(asc(accessEvents.id));
  // Their appeals (the parent's through the link too) and the decisions on them.
  const appealed = await db
    .select({
      attemptId: appeals.attemptId,
      number: attemptQuestions.number,
      kind: appeals.kind,
      text: appeals.text,
      createdAt: appeals.createdAt,
      updatedAt: appeals.updatedAt,
      outcome: appealDecisions.outcome,
      reason: appealDecisions.reason,
      decidedAt: appealDecisions.decidedAt,
    })
    .from(appeals)
    .innerJoin(attempts, eq(attempts.id, appeals.attemptId))
    .leftJoin(attemptQuestions, eq(attemptQuestions.id, appeals.attemptQuestionId))
    .leftJoin(appealDecisions, eq(appealDecisions.id, appeals.decisionId))
    .where(and(eq(attempts.userId, userId), anyAttempt()))
    .orderBy(asc(appeals.id));
  const acts = await db
    .select({ action: organiserActions.action, reason: organiserActions.reason, at: organiserActions.createdAt })
    .from(organiserActions)
    .where(and(eq(organiserActions.targetType, "pupil"), eq(organiserActions.targetId, userId)))
    .orderBy(asc(organiserActions.createdAt));
  return { row, registration, paid, taken, answers, saves, accesses, appealed, acts };
}
