import { PageHeader } from "@/components/console/page-header";
import { Card } from "@/components/ui/card";
import { consoleTitle, getOrganiserMessages, type OrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { lastRehearsal } from "@/lib/rehearsal/rehearsal";
import type { RehearsalReport } from "@/lib/rehearsal/schema";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { decimal } from "@/shared/i18n/numbers";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.rehearsal.title);

/** The command the organiser's IT person runs (docs/operations.md: "The week before"). */
const COMMAND = "npm run ops:rehearsal -- --url https://olimpiada.example.uz --pupils 2000";

type Texts = OrganiserMessages["rehearsal"];

/** A rate of starts a second, or a dash when none was measured. */
/** A rate, or "not measured" where there is none or it rounds to nothing (never "0,0/s"). */
const perSecond = (texts: Texts, locale: Locale, n: number | null) =>
  n === null || Math.round(n * 10) === 0 ? texts.notMeasured : texts.perSecond({ n: decimal(locale, n, 1) });

/** The go/no-go line for the registered count, from the figures. */
function verdict(texts: Texts, locale: Locale, r: RehearsalReport): string {
  return [
    texts.verdict.needed({
      count: r.registered,
      seconds: Math.round(r.openingSeconds),
      perSecond: decimal(locale, r.neededStartsPerSecond, 1),
    }),
    r.sustainedStartsPerSecond === null
      ? texts.verdict.notSustained
      : texts.verdict.sustained({ perSecond: decimal(locale, r.sustainedStartsPerSecond, 1) }),
    ...(r.capacity ? [texts.verdict.capacity({ perSecond: decimal(locale, r.capacity.startsPerSecond, 1) })] : []),
    ...(r.failed > 0 ? [texts.verdict.failed({ count: r.failed })] : []),
    ...(r.lost > 0 ? [texts.verdict.lost({ count: r.lost })] : []),
  ].join("; ");
}

export default async function RehearsalPage() {
  await organiserPage();
  const [messages, locale, last] = await Promise.all([getOrganiserMessages(), getLocale(), lastRehearsal()]);
  const texts = messages.rehearsal;
  const report = last?.report ?? null;
  const fields = texts.fields;
  const rows: [string, string][] = report
    ? [
        [fields.url, report.url],
        [fields.pupils, String(report.pupils)],
        [fields.pageShare, texts.percent({ n: Math.round(report.pageShare * 100) })],
        [fields.startSeconds, texts.seconds({ n: Math.round(report.startSeconds) })],
        [
          fields.firstQuestion,
          `${texts.seconds({ n: decimal(locale, report.firstQuestionP50Ms / 1000, 2) })} / ${texts.seconds({ n: decimal(locale, report.firstQuestionP99Ms / 1000, 2) })}`,
        ],
        [fields.failed, String(report.failed)],
        [fields.lost, String(report.lost)],
        [fields.answers, String(report.answers)],
        [fields.sustained, perSecond(texts, locale, report.sustainedStartsPerSecond)],
        [fields.peak, perSecond(texts, locale, report.peakStartsPerSecond)],
        [fields.registered, String(report.registered)],
        [fields.needed, perSecond(texts, locale, report.neededStartsPerSecond)],
        // The capacity from the measured cost, in total and per instance (older reports have none).
        ...(report.capacity
          ? [
              [fields.capacity, perSecond(texts, locale, report.capacity.startsPerSecond)] as [string, string],
              ...report.capacity.instances.map((i): [string, string] => [
                fields.instance({ name: i.name }),
                texts.instanceCapacity({
                  cores: i.cores,
                  ms: decimal(locale, i.cpuMsPerStart, 1),
                  perSecond: decimal(locale, i.startsPerSecond, 1),
                }),
              ]),
            ]
          : []),
      ]
    : [];
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={texts.title} lead={texts.lead} help={messages.help.rehearsal} />
      <Card as="section" className="mb-4">
        <p className="text-sm text-slate-700">{texts.how}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways is scrolled by a keyboard too (WCAG 2.1.1) */}
        <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
          <code>{COMMAND}</code>
        </pre>
      </Card>
      <Card as="section" data-testid="last-rehearsal">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{texts.last}</h2>
        {!last ? (
          <p className="text-sm text-slate-600">{texts.none}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {fields.when}: {formatTashkent(last.createdAt)}
            </p>
            {!report ? (
              <p className="mt-2 text-sm text-slate-700">{texts.running}</p>
            ) : (
              <>
                {/* Example figures (the demo's) are never a pass: a neutral line says what they are. */}
                {report.example ? (
                  <p
                    data-testid="rehearsal-verdict"
                    data-state="example"
                    className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200"
                  >
                    {texts.example}
                  </p>
                ) : (
                  <p
                    data-testid="rehearsal-verdict"
                    data-state={report.go ? "go" : "no-go"}
                    className={`mt-3 rounded-lg p-3 text-sm font-semibold ${report.go ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
                  >
                    {report.go ? texts.go : texts.noGo}: {verdict(texts, locale, report)}
                  </p>
                )}
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
