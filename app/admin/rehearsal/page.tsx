import type { Metadata } from "next";
import { PageHeader } from "@/components/organiser/page-header";
import { Card } from "@/components/ui/card";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import { organiserPage } from "@/lib/identity/page-guards";
import { lastRehearsal } from "@/lib/organiser/rehearsal";
import { formatTashkent } from "@/lib/time";

const t = uzOrganiser.rehearsal;
export const metadata: Metadata = { title: t.title };

/** The command the organiser's IT person runs (README: "The week before"). */
const COMMAND = "npm run rehearsal -- --url https://olimpiada.example.uz --pupils 2000";

export default async function RehearsalPage() {
  await organiserPage();
  const last = await lastRehearsal();
  const report = last?.report ?? null;
  const f = t.fields;
  const rows: [string, string][] = report
    ? [
        [f.url, report.url],
        [f.pupils, String(report.pupils)],
        [f.pageShare, t.percent(report.pageShare)],
        [f.startSeconds, t.wholeSeconds(report.startSeconds)],
        [f.firstQuestion, `${t.seconds(report.firstQuestionP50Ms / 1000)} / ${t.seconds(report.firstQuestionP99Ms / 1000)}`],
        [f.failed, String(report.failed)],
        [f.lost, String(report.lost)],
        [f.answers, String(report.answers)],
        [f.sustained, t.perSecond(report.sustainedStartsPerSecond)],
        [f.peak, t.perSecond(report.peakStartsPerSecond)],
        [f.registered, String(report.registered)],
        [f.needed, t.perSecond(report.neededStartsPerSecond)],
      ]
    : [];
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t.title} lead={t.lead} help={uzOrganiser.help.rehearsal} />
      <Card as="section" className="mb-4">
        <p className="text-sm text-slate-700">{t.how}</p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
          <code>{COMMAND}</code>
        </pre>
      </Card>
      <Card as="section" data-testid="last-rehearsal">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t.last}</h2>
        {!last ? (
          <p className="text-sm text-slate-600">{t.none}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {f.when}: {formatTashkent(last.createdAt)}
            </p>
            {!report ? (
              <p className="mt-2 text-sm text-slate-700">{t.running}</p>
            ) : (
              <>
                <p
                  data-testid="rehearsal-verdict"
                  className={`mt-3 rounded-lg p-3 text-sm font-semibold ${report.go ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
                >
                  {report.go ? t.go : t.noGo}: {t.verdict(report)}
                </p>
                <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  {rows.map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-500">{label}</dt>
                      <dd className="break-words font-medium text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
