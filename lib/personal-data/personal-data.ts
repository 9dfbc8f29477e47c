// The children's personal data (issue 26): names, birth dates, phone numbers, schools, and what a
// screening for answer copying reads (each saved answer with its times; the device and address of
// each sign-in and start). Kept no longer than needed: phone numbers, birth dates and those records
// go PERSONAL_DATA_MONTHS after the pupil's olympiad, by the sweep. An organiser can give a family
// everything kept about their child (one JSON file), and erase a pupil: the name, school, birth
// date, phone and sign-in go; the row stays, anonymous, with its district, grade, subject and
// attempts, so the ranking can be recomputed.
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { accessEvents, answerEvents, appeals, attempts, familyEvents, organiserActions, registrations, users } from "@/db/schema";
import { anyAttempt, totalTenths } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { verifyUrlOf } from "@/lib/certificates/certificates";
import { config } from "@/lib/config";
import { db, selectRows } from "@/lib/db/client";
import { idRow } from "@/lib/db/rows";
import { invalidInput, notFound } from "@/lib/http/errors";
import { unlockSignIn } from "@/lib/identity/sign-in";
import { invitationOf } from "@/lib/invitations/view";
import { publishChange } from "@/lib/live/changes";
import { logEvent } from "@/lib/log.mjs";
import { EndedBy } from "@/shared/attempts/enums";
import { UserRole } from "@/shared/identity/roles";
import { readPupilRecord } from "./pupil-record";

/** An erased pupil's name, as every list and export shows it: "O'chirilgan #123". */
export const ERASED_LAST_NAME = "O'chirilgan";

/**
 * Removes the phone numbers, birth dates and accommodation requests (health data) of pupils whose
 * olympiad (their subject's test's close; without a test, their registration) is more than
 * `months` ago, and what a copying screening read of them (answer_events, access_events). Results,
 * certificates and names stay. Run by the sweep; returns how many pupils it touched.
 */
export async function removeExpiredPersonalData({ now = new Date(), months = config().personalDataMonths } = {}): Promise<number> {
  const expired = sql`coalesce((select max(t.closed_at) from tests t where t.subject_id = u.subject_id), u.created_at)
              < ${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
  const rows = await selectRows(
    idRow,
    db,
    sql`update users u set phone_number = null, birth_date = null, updated_at = ${now.toISOString()}::timestamptz
        where u.role = ${UserRole.Default}
          and (u.phone_number is not null or u.birth_date is not null)
          and ${expired}
        returning u.id`,
  );
  const requests = await selectRows(
    idRow,
    db,
    sql`update registrations r set accommodation_request = null, updated_at = ${now.toISOString()}::timestamptz
        from users u
        where u.id = r.user_id and r.accommodation_request is not null and ${expired}
        returning u.id`,
  );
  // An appeal's words may tell of a child's illness: they go with the rest (the decision stays).
  const appealed = await selectRows(
    idRow,
    db,
    sql`update appeals ap set text = ''
        from attempts a, users u
        where ap.attempt_id = a.id and ${anyAttempt()} and u.id = a.user_id and ap.text <> '' and ${expired}
        returning a.user_id as id`,
  );
  // The pupils' ids come back, each once, not the rows: a pupil may have hundreds of them.
  const evidence = await selectRows(
    idRow,
    db,
    sql`with answers as (
          delete from answer_events e using attempts a, users u
          where e.attempt_id = a.id and ${anyAttempt()} and u.id = a.user_id and ${expired}
          returning a.user_id
        ),
        accesses as (
          delete from access_events e using users u
          where e.user_id = u.id and ${expired}
          returning e.user_id
        )
        select user_id as id from answers union select user_id from accesses`,
  );
  const pupils = new Set([...rows, ...requests, ...evidence, ...appealed].map((row) => row.id)).size;
  if (pupils > 0) {
    const fields = ["phoneNumber", "birthDate", "accommodationRequest", "answerEvents", "accessEvents", "appealTexts"];
    logEvent("personalData.removed", { pupils, months, fields });
  }
  return pupils;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
const ENDED_BY: Record<number, string> = { [EndedBy.Pupil]: "pupil", [EndedBy.Clock]: "clock", [EndedBy.Organiser]: "organiser" };

/** Everything kept about one pupil, as a family may ask for it (audited). */
export async function exportPupilData({ organiserId, userId }: { organiserId: number; userId: number }) {
  const { row, registration, paid, taken, answers, saves, accesses, appealed, acts } = await readPupilRecord(userId);
  const { user } = row;
  await recordAction(db, { organiserId, action: AuditAction.PupilExport, targetType: "pupil", targetId: userId });
  return {
    exportedAt: new Date().toISOString(),
    pupil: {
      userId,
      lastName: user.lastName,
      firstName: user.firstName,
      middleName: user.middleName,
      birthDate: user.birthDate,
      phoneNumber: user.phoneNumber ? `+998${user.phoneNumber}` : null,
      region: row.region,
      district: row.district,
      school: row.school,
      grade: user.grade,
      subject: row.subject,
      studyLanguage: user.language,
      interfaceLanguage: user.locale,
      username: user.username,
      registeredAt: iso(user.createdAt),
      lastSignInAt: iso(user.lastSignInAt),
      blockedAt: iso(user.blockedAt),
      extraMinutes: user.extraMinutes,
      erasedAt: iso(user.erasedAt),
      certificate: user.username ? await verifyUrlOf(user.username) : null,
    },
    registration: registration
      ? {
          guid: registration.guid,
          status: registration.status,
          amountSom: registration.amountSom,
          paidAt: iso(registration.paidAt),
          createdAt: iso(registration.createdAt),
          accommodationRequest: registration.accommodationRequest,
          accommodationApprovedAt: iso(registration.accommodationApprovedAt),
        }
      : null,
    payments: paid.map((p) => ({
      provider: p.provider,
      amountSom: p.amountTiyin / 100,
      state: p.state,
      createdAt: new Date(p.createTime).toISOString(),
    })),
    attempts: taken.map((a) => ({
      attemptId: a.id,
      startedAt: iso(a.startedAt),
      deadlineAt: iso(a.deadlineAt),
      endedAt: iso(a.endedAt),
      endedBy: a.endedBy ? ENDED_BY[a.endedBy] : null,
      resetAt: iso(a.resetAt),
      score: a.endedAt ? totalTenths(a) / 10 : null,
      answered: answers.filter((x) => x.attemptId === a.id).map((x) => ({ question: x.number, at: iso(x.answeredAt) })),
      answerHistory: saves
        .filter((x) => x.attemptId === a.id)
        .map((x) => ({
          question: x.number,
          choice: x.position ? String.fromCharCode(64 + x.position) : null,
          savedAt: iso(x.receivedAt),
          chosenAt: iso(x.chosenAt),
        })),
    })),
    appeals: appealed.map((x) => ({
      attemptId: x.attemptId,
      question: x.number,
      kind: x.kind,
      text: x.text,
      createdAt: iso(x.createdAt),
      updatedAt: iso(x.updatedAt),
      decision: x.outcome ? { outcome: x.outcome, reason: x.reason, at: iso(x.decidedAt) } : null,
    })),
    signInsAndStarts: accesses.map((x) => ({ kind: x.kind, testId: x.testId, deviceId: x.deviceId, address: x.address, at: iso(x.at) })),
    organiserActions: acts.map((a) => ({ action: a.action, reason: a.reason, at: iso(a.at) })),
    // The camp's invitation, and what the family was told (lib/invitations, lib/family-events).
    invitation: await invitationOf(db, userId, new Date()),
    familyEvents: registration
      ? (
          await db
            .select({ kind: familyEvents.kind, at: familyEvents.createdAt, deliveredAt: familyEvents.deliveredAt })
            .from(familyEvents)
            .where(eq(familyEvents.guid, registration.guid))
            .orderBy(familyEvents.id)
        ).map((e) => ({ kind: e.kind, at: iso(e.at), deliveredAt: iso(e.deliveredAt) }))
      : [],
  };
}

/**
 * Erases a pupil (audited, with the reason; the username typed to confirm): the name becomes
 * "O'chirilgan #id", and the middle name, birth date, phone, school, username and password go, and
 * the history of their saves and their sign-ins' and starts' devices and addresses; every session
 * ends, and any sign-in lock on the name; their appeals' words, and their name and school on a
 * final list. The district, grade, subject, language and attempts
 * stay: the ranking is recomputed with an anonymous row. Payments stay (the provider's records and
 * the law on accounting keep them), without a name.
 */
export async function erasePupil({
  organiserId,
  userId,
  reason,
  confirmUsername,
}: {
  organiserId: number;
  userId: number;
  reason: string;
  confirmUsername: string;
}) {
  const erased = await db.transaction(async (tx) => {
    const [pupil] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, UserRole.Default)))
      .for("update");
    if (!pupil || pupil.erasedAt) throw notFound();
    // The username typed (a pupil who never paid has none: "#" and their id).
    if ((pupil.username ?? `#${userId}`) !== confirmUsername.trim().toLowerCase()) throw invalidInput({ confirmUsername: ["Invalid"] });
    const now = new Date();
    await tx
      .update(users)
      .set({
        lastName: ERASED_LAST_NAME,
        firstName: `#${userId}`,
        middleName: null,
        birthDate: null,
        phoneNumber: null,
        organizationId: null,
        username: null,
        passwordHash: null,
        passwordEncrypted: null,
        locale: null,
        blockedAt: pupil.blockedAt ?? now,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(registrations)
      .set({ organizationId: null, accommodationRequest: null, updatedAt: now })
      .where(eq(registrations.userId, userId));
    if (pupil.username) await unlockSignIn(pupil.username, tx);
    // What a copying screening read of the pupil: their saves' times, their devices and addresses.
    const theirAttempts = tx
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, userId), anyAttempt()));
    await tx.delete(answerEvents).where(inArray(answerEvents.attemptId, theirAttempts));
    await tx.delete(accessEvents).where(eq(accessEvents.userId, userId));
    // Their appeals' words, and their name and school on a final list kept for its protocol and public check.
    await tx.update(appeals).set({ text: "" }).where(inArray(appeals.attemptId, theirAttempts));
    await tx.execute(sql`
      update final_lists set rows = jsonb_set(rows, '{rows}', (
        select jsonb_agg(case when (r ->> 'userId')::int = ${userId}
                              then r || jsonb_build_object('fullName', ${`${ERASED_LAST_NAME} #${userId}`}::text, 'schoolName', null)
                              else r end order by n)
        from jsonb_array_elements(rows -> 'rows') with ordinality as e(r, n)))
      where rows -> 'rows' @> ${JSON.stringify([{ userId }])}::jsonb`);
    // The audit records that hold what the law's erasure takes (the log is read-only but for it):
    // a corrected name's before and after, and an accommodation's reason (often medical).
    const ofPupil = and(eq(organiserActions.targetType, "pupil"), eq(organiserActions.targetId, userId));
    await tx
      .update(organiserActions)
      .set({ details: null })
      .where(and(ofPupil, eq(organiserActions.action, AuditAction.PupilName)));
    await tx
      .update(organiserActions)
      .set({ reason: null })
      .where(and(ofPupil, eq(organiserActions.action, AuditAction.PupilAccommodation)));
    // The reason is the organiser's words; the pupil's name and username are not kept in the log.
    await recordAction(tx, { organiserId, action: AuditAction.PupilErase, targetType: "pupil", targetId: userId, reason });
    return true;
  });
  if (erased) await publishChange([userId], { kind: "signedOut", reason: "blocked" });
  return { userId, erased };
}
