// Who is an olympiad's pupil: a rehearsal's synthetic pupils (lib/organiser/rehearsal.ts) sit the
// rehearsal's own subject and are never listed, exported or given a public certificate.
import "server-only";
import { sql } from "drizzle-orm";
import { subjects, users } from "@/db/schema";

/** A user row that is no rehearsal's pupil (its subject, if any, is a real one), in SQL. */
export const notRehearsalPupil = () =>
  sql`not exists (select 1 from ${subjects} where ${subjects.id} = ${users.subjectId} and ${subjects.rehearsal})`;
