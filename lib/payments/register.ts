// The accountant's register of payments: every provider payment with its pupil, its state and its
// fiscal receipt's, by day (in Tashkent) and provider, with each day's totals per provider; its
// XLSX export (audited); and the reconciliation of payments against registrations.
import "server-only";
import { and, desc, eq, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { z } from "zod";
import { fiscalReceipts, payments, registrations, users } from "@/db/schema";
import { olympiadPupil } from "@/lib/attempts/counting";
import { AuditAction, recordAction } from "@/lib/audit/record";
import { db, reportDb } from "@/lib/db/client";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { inSeason } from "@/lib/seasons/period";
import { page } from "@/lib/validation/queries";
import { fullName } from "@/shared/identity/names";
import { PaymentProvider, PaymentState, ReceiptState } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { dateTextOf, formatTashkent, fromTashkentText, isoDateOf, TASHKENT_TIME_ZONE } from "@/shared/time";
import { fiscalItem } from "./fiscal";

export const REGISTER_PAGE_SIZE = 100;

/** The register's filters: a day in Tashkent ("2026-05-20" or "20.05.2026"), a provider, a page. */
export const registerQuery = z.object({
  day: z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return undefined;
      const iso = isoDateOf(text);
      if (iso === null) context.addIssue({ code: "custom", message: "not a day" });
      return iso ?? z.NEVER;
    })
    .optional(),
  provider: z.enum([PaymentProvider.Payme, PaymentProvider.Click, PaymentProvider.Card]).optional(),
  page,
});
export type RegisterQuery = z.output<typeof registerQuery>;

/** A payment as the register shows it ("paid", "cancelled", or still "created" at the provider). */
export type RegisterRow = {
  paymentId: number;
  /** When it was paid (else made), ISO. */
  at: string;
  provider: PaymentProvider;
  providerTransactionId: string;
  amountTiyin: number;
  state: PaymentState;
  guid: string;
  pupil: string;
  receiptState: ReceiptState | null;
  receiptUrl: string | null;
  /** Why the receipt is not registered yet, as it was kept (shown secondary, for whoever asks the provider)... */
  receiptError: string | null;
  /** ...and its kind, which the organiser reads in their language. */
  receiptErrorKind: ReceiptErrorKind | null;
};

/** What went wrong with a receipt, as the organiser is told it (the catalogue's payments.receiptErrors). */
export type ReceiptErrorKind = "timeout" | "unreachable" | "badAnswer" | "refused" | "noPaymentId" | "unknown";

/** The kind of a kept receipt error: the words the receipts' job and SetFiscalData keep begin so. */
export function receiptErrorKind(error: string): ReceiptErrorKind {
  if (/^no answer within/i.test(error)) return "timeout";
  if (/^not reached/i.test(error)) return "unreachable";
  if (/^HTTP \d+/.test(error)) return "badAnswer";
  if (/^(error_code|status_code) /.test(error)) return "refused";
  if (/click_paydoc_id/.test(error)) return "noPaymentId";
  return "unknown";
}

/**
 * The receipt's state as the register shows it: a provider's performed payment without a receipt
 * yet, while receipts are registered (fiscal data set), is on its way, as the family's page says
 * (lib/payments/fiscal.ts receiptOfRegistration); the card's is the card provider's own.
 */
function receiptStateOf(row: { provider: PaymentProvider; state: PaymentState; receiptState: ReceiptState | null }) {
  if (row.receiptState !== null) return row.receiptState;
  const expected = row.state === PaymentState.Performed && row.provider !== PaymentProvider.Card && fiscalItem() !== null;
  return expected ? ReceiptState.Waiting : null;
}

export type RegisterTotal = { day: string; provider: PaymentProvider; count: number; amountTiyin: number };

/** A payment's time in the register: paid, else made (Unix ms in the table). */
const paidOrMade = sql`coalesce(${payments.performTime}, ${payments.createTime})`;
/**
 * Its day in Tashkent, "2026-05-20": the SQL twin of the day filter's bounds below. The zone is
 * written into the statement (a constant of ours), so that its grouping and ordering are the same
 * expression as its selection.
 */
const dayOf = sql<string>`to_char(to_timestamp(${paidOrMade} / 1000.0) at time zone ${sql.raw(`'${TASHKENT_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/** The bounds of a Tashkent day in Unix ms: [its 00:00, the next day's 00:00). */
export function dayBounds(day: string): [number, number] {
  const start = Date.parse(fromTashkentText(`${day}T00:00`)!);
  return [start, start + 86_400_000];
}

/** The register's filters, in the season the console shows (undefined: the current one's registrations). */
function filters({ day, provider }: RegisterQuery, seasonId: number | undefined): SQL {
  const where: SQL[] = [
    sql`exists (select 1 from ${registrations} where ${registrations.guid} = ${payments.registrationGuid} and ${inSeason(seasonId, registrations.seasonId)})`,
  ];
  if (day) {
    const [from, to] = dayBounds(day);
    where.push(gte(paidOrMade, from), lt(paidOrMade, to));
  }
  if (provider) where.push(eq(payments.provider, provider));
  return and(...where) as SQL;
}

const rowColumns = {
  paymentId: payments.id,
  at: paidOrMade.mapWith(Number),
  provider: payments.provider,
  providerTransactionId: payments.providerTransactionId,
  amountTiyin: payments.amountTiyin,
  state: payments.state,
  guid: payments.registrationGuid,
  firstName: users.firstName,
  lastName: users.lastName,
  middleName: users.middleName,
  receiptState: fiscalReceipts.state,
  receiptUrl: fiscalReceipts.receiptUrl,
  receiptError: fiscalReceipts.lastError,
};

/** A row as the statement reads it (the pupil's name in parts, the time in Unix ms). */
type Selected = Awaited<ReturnType<typeof rowsWhere>>[number];

const toRow = ({ firstName, lastName, middleName, at, ...row }: Selected): RegisterRow => ({
  ...row,
  receiptState: receiptStateOf(row),
  receiptErrorKind: row.receiptError ? receiptErrorKind(row.receiptError) : null,
  at: new Date(at).toISOString(),
  pupil: fullName({ firstName: firstName ?? "", lastName: lastName ?? "", middleName }),
});

/** The register's payments of a season's registrations that `where` selects, newest first, with their pupils and receipts. */
function rowsWhere(where: SQL | undefined, seasonId: number | undefined) {
  return reportDb
    .select(rowColumns)
    .from(payments)
    .innerJoin(registrations, eq(registrations.guid, payments.registrationGuid))
    .leftJoin(users, eq(users.id, registrations.userId))
    .leftJoin(fiscalReceipts, and(eq(fiscalReceipts.paymentId, payments.id), eq(fiscalReceipts.kind, "PERFORM")))
    .where(and(inSeason(seasonId, registrations.seasonId), where))
    .orderBy(desc(paidOrMade), desc(payments.id));
}

/** Each day's paid payments per provider: how many, and their sum (the filters apply). */
async function totals(query: RegisterQuery, seasonId: number | undefined): Promise<RegisterTotal[]> {
  const rows = await reportDb
    .select({
      day: dayOf,
      provider: payments.provider,
      count: sql<number>`count(*)::int`,
      amountTiyin: sql<number>`sum(${payments.amountTiyin})::bigint`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.state, PaymentState.Performed), filters(query, seasonId)))
    .groupBy(dayOf, payments.provider)
    .orderBy(desc(dayOf), payments.provider);
  return rows;
}

/** A page of the register, its count, and the totals. */
export async function loadRegister(query: RegisterQuery, seasonId?: number) {
  const pageNumber = query.page ?? 1;
  const [rows, [{ total }], sums] = await Promise.all([
    rowsWhere(filters(query, seasonId), seasonId)
      .limit(REGISTER_PAGE_SIZE)
      .offset((pageNumber - 1) * REGISTER_PAGE_SIZE),
    reportDb.select({ total: sql<number>`count(*)::int` }).from(payments).where(filters(query, seasonId)),
    totals(query, seasonId),
  ]);
  return { items: rows.map(toRow), total, totals: sums };
}

/**
 * What does not add up: payments a provider made (performed: Payme's as GetStatement reports them,
 * Click's as its Complete sent them, the card's) whose registration is not paid, and registrations
 * marked paid without a performed payment. Both are empty in a healthy run.
 */
export async function reconciliation(seasonId?: number) {
  const unpaidRegistration = await rowsWhere(
    and(eq(payments.state, PaymentState.Performed), ne(registrations.status, RegistrationStatus.Paid)),
    seasonId,
  );
  const paidWithoutPayment = await reportDb
    .select({
      guid: registrations.guid,
      paidAt: registrations.paidAt,
      firstName: users.firstName,
      lastName: users.lastName,
      middleName: users.middleName,
    })
    .from(registrations)
    .leftJoin(users, eq(users.id, registrations.userId))
    .where(
      and(
        eq(registrations.status, RegistrationStatus.Paid),
        inSeason(seasonId, registrations.seasonId),
        // A rehearsal's pupils are made paid for its hour and removed after it.
        olympiadPupil(),
        sql`not exists (select 1 from ${payments} where ${payments.registrationGuid} = ${registrations.guid} and ${payments.state} = ${PaymentState.Performed})`,
      ),
    )
    .orderBy(desc(registrations.paidAt));
  return {
    paymentsWithoutPaidRegistration: unpaidRegistration.map(toRow),
    paidWithoutPayment: paidWithoutPayment.map(({ firstName, lastName, middleName, guid, paidAt }) => ({
      guid,
      paidAt: paidAt?.toISOString() ?? null,
      pupil: fullName({ firstName: firstName ?? "", lastName: lastName ?? "", middleName }),
    })),
  };
}

/** The register as a workbook (every row the filters select in the season, and the totals), named by its season, its making audited. */
export async function registerWorkbook({
  organiserId,
  query,
  season,
}: {
  organiserId: number;
  query: RegisterQuery;
  season: { seasonId: number; year: number };
}) {
  const t = callOrganiserMessages().payments;
  const rows = (await rowsWhere(filters(query, season.seasonId), season.seasonId)).map(toRow);
  const sums = await totals(query, season.seasonId);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t.sheetName);
  sheet.columns = [
    { header: t.at, key: "at", width: 18 },
    { header: t.provider, key: "provider", width: 10 },
    { header: t.transaction, key: "transaction", width: 28 },
    { header: t.amount, key: "amount", width: 14, style: { numFmt: "#,##0.00" } },
    { header: t.pupil, key: "pupil", width: 32 },
    { header: t.registration, key: "guid", width: 38 },
    { header: t.state, key: "state", width: 14 },
    { header: t.receipt, key: "receipt", width: 16 },
    { header: t.receiptLink, key: "link", width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const row of rows)
    sheet.addRow({
      // The time as the accountant reads it, in Tashkent; a real date cell would be shown in the reader's zone.
      at: formatTashkent(row.at, { seconds: true }),
      provider: t.providers[row.provider],
      transaction: row.providerTransactionId,
      amount: row.amountTiyin / 100,
      pupil: row.pupil,
      guid: row.guid,
      state: t.states[row.state] ?? String(row.state),
      receipt: row.receiptState ? t.receiptStates[row.receiptState] : "—",
      link: row.receiptUrl ?? "",
    });
  const totalsSheet = book.addWorksheet(t.totalsSheetName);
  totalsSheet.columns = [
    { header: t.day, key: "day", width: 12 },
    { header: t.provider, key: "provider", width: 10 },
    { header: t.count, key: "count", width: 10 },
    { header: t.amount, key: "amount", width: 16, style: { numFmt: "#,##0.00" } },
  ];
  totalsSheet.getRow(1).font = { bold: true };
  for (const sum of sums)
    totalsSheet.addRow({ day: dateTextOf(sum.day), provider: t.providers[sum.provider], count: sum.count, amount: sum.amountTiyin / 100 });
  await recordAction(db, {
    organiserId,
    action: AuditAction.PaymentsExport,
    targetType: "payments",
    targetId: null,
    details: { season: season.year, day: query.day ?? null, provider: query.provider ?? null, rows: rows.length },
  });
  const name = ["tolovlar", season.year, query.day, query.provider].filter(Boolean).join("-");
  return { fileName: `${name}.xlsx`, data: await book.xlsx.writeBuffer() };
}
