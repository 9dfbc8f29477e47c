// Where a test's list stands (provisional since the close, final since its finalisation), when its
// appeals close and by whose rule, how many appeals wait for a decision, and the organiser's own end
// of appeals; whether families see the final list yet, and its minute. A server component (the appeals page renders it).
import Link from "next/link";
import { AppealsCloseForm } from "@/components/appeals/appeals-close-form";
import { listStateLine } from "@/components/appeals/console-words";
import { ResultsMinuteForm } from "@/components/final-list/results-minute-form";
import { Card } from "@/components/ui/card";
import type { ListStatus } from "@/lib/final-list/final";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { type Origin, withOrigin } from "@/shared/console/origin";
import { formatTashkent } from "@/shared/time";

type Props = {
  testId: number;
  /** Where the organiser came from: carried on to the protocol. */
  origin: Origin;
  status: ListStatus;
  /** The national rule's working days (the configuration's). */
  workingDays: number;
  /** The server's time the status was read at. */
  now: Date;
};

const link = "font-medium text-primary-700 underline-offset-2 hover:underline";

export async function ListStatusBox({ testId, origin, status, workingDays, now }: Props) {
  const texts = (await getOrganiserMessages()).appeals;
  const period = status.appealsOpen ? texts.periodOpen : now < status.closedAt ? texts.periodNotYet : texts.periodClosed;
  const final = status.state === "final" ? status.final : null;
  // Whether families see it: from when (the minute, else the finalisation), or not yet and from when.
  const minute = status.resultsAt?.toISOString() ?? null;
  const publicLine = status.public
    ? texts.publicSince({
        time: formatTashkent(
          minute && final && minute > final.finalisedAt.toISOString() ? minute : (final?.finalisedAt.toISOString() ?? null),
        ),
      })
    : minute
      ? final
        ? texts.notPublic({ time: formatTashkent(minute) })
        : texts.minuteSet({ time: formatTashkent(minute) })
      : null;
  return (
    <Card
      as="section"
      size="panel"
      className="mb-4"
      aria-labelledby="list-status-title"
      data-testid="list-status"
      data-state={status.state}
    >
      <h2 id="list-status-title" className="text-base font-semibold text-slate-900">
        {texts.statusTitle}
      </h2>
      <div className="mt-2 grid gap-3 text-sm text-slate-700 lg:grid-cols-2">
        <div className="min-w-0 space-y-1">
          <p>
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${
                final ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"
              }`}
              data-testid="list-state"
            >
              {listStateLine(texts, status)}
            </span>
          </p>
          {publicLine && (
            <p className="font-medium text-slate-900" data-testid="list-public" data-public={status.public}>
              {publicLine}
            </p>
          )}
          {final && (
            <>
              <p className="pt-1 text-xs font-semibold text-slate-900">{texts.finalHash}</p>
              <p className="break-all font-mono text-xs" data-testid="final-hash">
                {final.topHash}
              </p>
              {final.reason && <p className="text-xs wrap-anywhere">{texts.finalReason({ reason: final.reason })}</p>}
            </>
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <p data-testid="appeals-close">
            {texts.closesAt({ time: formatTashkent(status.appealsCloseAt.toISOString()) })}{" "}
            <span className="text-slate-500" data-testid="appeals-close-rule" data-own={status.ownAppealsClose}>
              ({status.ownAppealsClose ? texts.ownRule : texts.nationalRule({ days: workingDays })})
            </span>
          </p>
          <p>{period}</p>
          <p className="font-medium text-slate-900" data-testid="appeals-counts">
            {texts.counts({ appeals: status.appeals, pending: status.pending })}
          </p>
        </div>
      </div>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href={withOrigin(`/admin/tests/${testId}/protocol`, origin)} className={link} data-testid="protocol-link">
          {texts.protocol}
        </Link>
        {final && (
          <Link href={withOrigin(`/admin/tests/${testId}/invitations`, origin)} className={link} data-testid="invitations-link">
            {(await getOrganiserMessages()).invitations.link}
          </Link>
        )}
        {final && (
          <Link href={`/lists/${final.topHash}`} className={link} data-testid="public-list-link">
            {texts.publicCheck}
          </Link>
        )}
      </p>
      {!status.public && <ResultsMinuteForm testId={testId} minute={minute ? formatTashkent(minute) : ""} />}
      <AppealsCloseForm testId={testId} ownClose={status.ownAppealsClose ? formatTashkent(status.appealsCloseAt.toISOString()) : ""} />
    </Card>
  );
}
