import Link from "next/link";
import { AttemptBadge } from "@/components/pupils/attempt-badge";
import { AccommodationAction, PupilActions } from "@/components/pupils/pupil-actions";
import { Card } from "@/components/ui/card";
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocalName, getMessages } from "@/lib/i18n/server";
import { som, wordOf } from "@/lib/i18n/words";
import { foundOr404, organiserPage } from "@/lib/identity/page-guards";
import { pupilDetail } from "@/lib/pupils/pupils";
import { userIdParams } from "@/lib/validation/queries";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.pupils.title);

type Props = { params: Promise<{ userId: string }> };

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{value}</dd>
    </div>
  );
}

export default async function PupilPage({ params }: Props) {
  const { params: route } = await organiserPage(params, userIdParams);
  const pupil = await foundOr404(pupilDetail({ userId: route.userId }));
  const r = pupil.registration;
  const [organiserMessages, messages, local] = await Promise.all([getOrganiserMessages(), getMessages(), getLocalName()]);
  const texts = organiserMessages.pupils;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Link href="/admin/pupils" className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline">
        ← {texts.back}
      </Link>
      <Card>
        <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="text-xl font-bold" data-testid="pupil-name">
            {pupil.fullName}
            {pupil.blocked && (
              <span className="ml-2 rounded bg-red-100 px-2 py-0.5 align-middle text-xs font-semibold text-red-800">{texts.blocked}</span>
            )}
          </h1>
          <AttemptBadge attempt={pupil.attempt} />
        </div>
        <h2 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-500">{texts.actions}</h2>
        <div className="mt-2">
          <PupilActions pupil={pupil} />
        </div>
      </Card>
      {pupil.accommodation && (
        <Card data-testid="accommodation">
          <h2 className="mb-2 font-semibold">{texts.accommodation}</h2>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{pupil.accommodation.request}</p>
          <p className="mt-2 text-sm font-medium text-slate-700" data-testid="accommodation-state">
            {pupil.accommodation.approvedAt
              ? texts.accommodationApproved({
                  date: formatTashkent(pupil.accommodation.approvedAt),
                  minutes: organiserMessages.audit.minutes({ count: pupil.extraMinutes }),
                })
              : texts.accommodationPending}
          </p>
          <div className="mt-3">
            <AccommodationAction pupil={pupil} />
          </div>
        </Card>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="mb-2 font-semibold">{texts.details}</h2>
          <dl className="divide-y divide-slate-100">
            <Row label={texts.username} value={<span className="font-mono">{pupil.username ?? "—"}</span>} />
            <Row label={texts.gradeSubject} value={gradeAndSubject(messages, pupil.grade, pupil.subjectName && local(pupil.subjectName))} />
            <Row label={organiserMessages.common.region} value={pupil.regionName ? local(pupil.regionName) : "—"} />
            <Row label={organiserMessages.common.district} value={pupil.districtName ? local(pupil.districtName) : "—"} />
            <Row label={texts.school} value={pupil.schoolName ? local(pupil.schoolName) : messages.registration.otherSchool} />
            <Row label={texts.phone} value={pupil.phoneNumber ? `+998 ${pupil.phoneNumber}` : "—"} />
            <Row label={texts.birthDate} value={pupil.birthDate ?? "—"} />
            <Row label={texts.extraMinutes} value={<span data-testid="extra-minutes-value">{pupil.extraMinutes}</span>} />
            <Row label={texts.lastSignIn} value={pupil.lastSignInAt ? formatTashkent(pupil.lastSignInAt) : texts.never} />
          </dl>
        </Card>
        <Card>
          <h2 className="mb-2 font-semibold">{texts.registration}</h2>
          {r ? (
            <dl className="divide-y divide-slate-100">
              <Row
                label="Guid"
                value={
                  <Link href={`/admin/registrations/${r.guid}`} className="font-mono text-xs text-primary-700 underline">
                    {r.guid}
                  </Link>
                }
              />
              <Row label={organiserMessages.registrations.status} value={wordOf(organiserMessages.registrations.statuses, r.status)} />
              <Row label={organiserMessages.registrations.amount} value={som(organiserMessages, r.amountSom)} />
              <Row label={organiserMessages.registrations.createdAt} value={formatTashkent(r.createdAt)} />
              <Row label={organiserMessages.registrations.paidAt} value={formatTashkent(r.paidAt)} />
            </dl>
          ) : (
            <p className="text-sm text-slate-500">—</p>
          )}
        </Card>
      </div>
      <Card>
        <h2 className="mb-2 font-semibold">{texts.attempts}</h2>
        <Table>
          <THead>
            <tr>
              <TH>#</TH>
              <TH>{texts.attempt}</TH>
              <TH>{texts.started}</TH>
              <TH>{texts.deadline}</TH>
              <TH>{texts.ended}</TH>
            </tr>
          </THead>
          <TBody>
            {pupil.attempts.map((a) => (
              <TR key={a.attemptId} data-testid={`attempt-${a.attemptId}`}>
                <TD className="tabular-nums">{a.attemptId}</TD>
                <TD>
                  <AttemptBadge attempt={a} />
                </TD>
                <TD className="whitespace-nowrap">{formatTashkent(a.startedAt)}</TD>
                <TD className="whitespace-nowrap" data-testid="deadline">
                  {formatTashkent(a.deadlineAt)}
                </TD>
                <TD className="whitespace-nowrap">{formatTashkent(a.endedAt)}</TD>
              </TR>
            ))}
            {pupil.attempts.length === 0 && <EmptyRow columns={5}>{texts.attemptStates.none}</EmptyRow>}
          </TBody>
        </Table>
      </Card>
    </div>
  );
}
