import type { Metadata } from "next";
import { PageHeader } from "@/components/organiser/page-header";
import { Card } from "@/components/ui/card";
import type { Locale } from "@/lib/i18n/locale.mjs";
import { decimal } from "@/lib/i18n/numbers";
import { getOrganiserMessages, type OrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { lastRehearsal } from "@/lib/organiser/rehearsal";
import { formatTashkent } from "@/lib/time";
import type { RehearsalReport } from "@/lib/validation/rehearsal";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getOrganiserMessages()).rehearsal.title };
}

/** The command the organiser's IT person runs (README: "The week before"). */
const COMMAND = "npm run rehearsal -- --url https://olimpiada.example.uz --pupils 2000";

type Texts = OrganiserMessages["rehearsal"];

/** A rate of starts a second, or a dash when none was measured. */
const perSecond = (t: Texts, locale: Locale, n: number | null) => (n === null ? "—" : t.perSecond({ n: decimal(locale, n, 1) }));

/** The go/no-go line for the registered count, from the figures. */
function verdict(t: Texts, locale: Locale, r: RehearsalReport): string {
  return [
    t.verdict.needed({
      count: r.registered,
      seconds: Math.round(r.openingSeconds),
      perSecond: decimal(locale, r.neededStartsPerSecond, 1),
    }),
    r.sustainedStartsPerSecond === null
      ? t.verdict.notSustained
      : t.verdict.sustained({ perSecond: decimal(locale, r.sustainedStartsPerSecond, 1) }),
    ...(r.failed > 0 ? [t.verdict.failed({ count: r.failed })] : []),
    ...(r.lost > 0 ? [t.verdict.lost({ count: r.lost })] : []),
  ].join("; ");
}

export default async function RehearsalPage() {
  await organiserPage();
  const [messages, locale] = await Promise.all([getOrganiserMessages(), getLocale()]);
  const t = messages.rehearsal;
  const last = await lastRehearsal();
  const report = last?.report ?? null;
  const f = t.fields;
  const rows: [string, string][] = report
    ? [
        [f.url, report.url],
        [f.pupils, String(report.pupils)],
        [f.pageShare, t.percent({ n: Math.round(report.pageShare * 100) })],
        [f.startSeconds, t.seconds({ n: Math.round(report.startSeconds) })],
        [
          f.firstQuestion,
          `${t.seconds({ n: decimal(locale, report.firstQuestionP50Ms / 1000, 2) })} / ${t.seconds({ n: decimal(locale, report.firstQuestionP99Ms / 1000, 2) })}`,
        ],
        [f.failed, String(report.failed)],
        [f.lost, String(report.lost)],
        [f.answers, String(report.answers)],
        [f.sustained, perSecond(t, locale, report.sustainedStartsPerSecond)],
        [f.peak, perSecond(t, locale, report.peakStartsPerSecond)],
        [f.registered, String(report.registered)],
        [f.needed, perSecond(t, locale, report.neededStartsPerSecond)],
      ]
    : [];
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t.title} lead={t.lead} help={messages.help.rehearsal} />
      <Card as="section" className="mb-4">
        <p className="text-sm text-slate-700">{t.how}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways is scrolled by a keyboard too (WCAG 2.1.1) */}
        <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
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
                  {report.go ? t.go : t.noGo}: {verdict(t, locale, report)}
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
