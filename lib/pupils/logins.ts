// Per-school lists of logins to hand out: a district's paid pupils, school by school,
// each school on pages of its own when printed, with the login and the password the parent was
// shown (or, once an organiser reset it, a word that the new one is the organiser's). Every list
// made is audited: it carries passwords.
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { districts, organizations, regions, registrations, subjects, users } from "@/db/schema";
import { olympiadPupil } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import { decryptPassword } from "@/lib/payments/credentials";
import { inSeason } from "@/lib/seasons/period";
import { bySchool } from "@/shared/i18n/names";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";
import { RegistrationStatus } from "@/shared/registration/status";
import { formatTashkent } from "@/shared/time";

export async function loginsWorkbook({
  organiserId,
  districtId,
  organizationId,
  season,
  now = new Date(),
}: {
  organiserId: number;
  districtId: number;
  organizationId?: number;
  /** The console's season: its pupils' logins, and its year in the file's name. */
  season: { seasonId: number; year: number };
  now?: Date;
}): Promise<{ fileName: string; data: ArrayBuffer }> {
  const [district] = await db
    .select({ name: districts.name, region: regions.name })
    .from(districts)
    .innerJoin(regions, eq(regions.id, districts.regionId))
    .where(eq(districts.id, districtId));
  if (!district) throw notFound();
  const messages = callOrganiserMessages();
  const t = messages.logins;
  const locale = callLocaleNow();
  const local = localNameIn(locale);
  const where = [
    eq(users.districtId, districtId),
    eq(users.role, UserRole.Default),
    eq(registrations.status, RegistrationStatus.Paid),
    olympiadPupil(),
  ];
  if (organizationId) where.push(eq(users.organizationId, organizationId));
  const rows = await db
    .select({
      lastName: users.lastName,
      firstName: users.firstName,
      middleName: users.middleName,
      username: users.username,
      passwordEncrypted: users.passwordEncrypted,
      grade: users.grade,
      subject: subjects.name,
      school: organizations.name,
    })
    .from(users)
    .innerJoin(registrations, eq(registrations.userId, users.id))
    .leftJoin(subjects, eq(subjects.id, users.subjectId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(inSeason(season.seasonId, registrations.seasonId), ...where))
    .orderBy(asc(users.grade), asc(users.lastName), asc(users.firstName));
  // Schools named and ordered in the reader's language (by number, then name); other schools last.
  const schoolOrder = bySchool(locale);
  const pupils = rows
    .map((row) => ({ ...row, subject: row.subject && local(row.subject), school: row.school && local(row.school) }))
    .sort((a, b) =>
      a.school === null || b.school === null
        ? Number(a.school === null) - Number(b.school === null)
        : schoolOrder({ name: a.school }, { name: b.school }),
    );

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t.sheetName, {
    pageSetup: { paperSize: 9, orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [{ width: 5 }, { width: 36 }, { width: 12 }, { width: 18 }, { width: 16 }, { width: 16 }];
  sheet.addRow([t.title({ district: local(district.name), region: local(district.region) })]).font = { bold: true, size: 13 };
  sheet.addRow([t.madeAt({ time: formatTashkent(now.toISOString()) })]);
  let school: string | null | undefined;
  let number = 0;
  for (const pupil of pupils) {
    if (pupil.school !== school) {
      // Each school from a new printed page: a list is cut and handed to its school.
      if (school !== undefined) sheet.lastRow?.addPageBreak();
      school = pupil.school;
      number = 0;
      sheet.addRow([]);
      sheet.addRow([school ?? messages.results.otherSchool]).font = { bold: true, size: 12 };
      sheet.addRow([...t.columns]).font = { bold: true };
    }
    number += 1;
    const password = pupil.passwordEncrypted ? decryptPassword(pupil.passwordEncrypted) : null;
    sheet.addRow([
      number,
      fullName(pupil),
      pupil.grade === null ? "" : `${pupil.grade}`,
      pupil.subject ?? "",
      pupil.username ?? "",
      password ?? t.passwordReset,
    ]);
  }
  if (pupils.length === 0) sheet.addRow([t.none]);
  await recordAction(db, {
    organiserId,
    action: AuditAction.LoginsExport,
    targetType: "district",
    targetId: districtId,
    details: { season: season.year, organizationId: organizationId ?? null, pupils: pupils.length },
  });
  const safe = district.name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
  // The file names its season: a district's logins of 2026 are not those of 2027.
  return { fileName: `${t.filePrefix}_${season.year}_${safe}.xlsx`, data: (await book.xlsx.writeBuffer()) as ArrayBuffer };
}
