import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { Pagination } from "@/components/console/pagination";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { AuditLine } from "@/lib/audit/details";
import type { AuditLink } from "@/lib/audit/links";
import { AUDIT_PAGE_SIZE } from "@/lib/audit/log";
import { listActions } from "@/lib/audit/rows";
import { consoleTitle, getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { organiserPage } from "@/lib/identity/page-guards";
import { auditInSeason } from "@/lib/seasons/audit";
import { consoleSeason } from "@/lib/seasons/console-season";
import { pageQuery, type SearchPageProps, searchOf } from "@/lib/validation/queries";
import { formatTashkent } from "@/shared/time";

export const generateMetadata = consoleTitle((messages) => messages.audit.title);

function Named({ link, className }: { link: AuditLink; className?: string }) {
  return link.href ? (
    <Link href={link.href} className={`text-primary-700 underline-offset-2 hover:underline ${className ?? ""}`}>
      {link.label}
    </Link>
  ) : (
    <span className={className}>{link.label}</span>
  );
}

/** What changed, in words: a test's new window in Tashkent time, a pupil's old and new name, … */
function Lines({ lines }: { lines: AuditLine[] }) {
  return (
    <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {lines.map((line) => (
        <div key={`${line.label}\n${line.value}`} className="contents">
          <dt className="text-slate-500">{line.label}</dt>
          <dd className="break-words">{line.href ? <Named link={{ label: line.value, href: line.href }} /> : line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default async function AuditPage({ searchParams }: SearchPageProps) {
  await organiserPage();
  const [messages, locale, query] = await Promise.all([getOrganiserMessages(), getLocale(), searchParams]);
  const texts = messages.audit;
  const page = searchOf(pageQuery, query).page ?? 1;
  const season = await consoleSeason();
  const { items, total } = await listActions({ page, lines: auditInSeason(season.seasonId) }, locale);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={texts.title} lead={texts.lead} help={messages.help.audit} season={season} />
      <Table data-testid="audit-table">
        <THead>
          <tr>
            <TH>{texts.when}</TH>
            <TH>{texts.who}</TH>
            <TH>{texts.what}</TH>
            <TH>{texts.target}</TH>
            <TH>{texts.reason}</TH>
            <TH>{texts.detailsHeading}</TH>
          </tr>
        </THead>
        <TBody>
          {items.map((a) => (
            <TR key={a.id}>
              <TD className="whitespace-nowrap">{formatTashkent(a.createdAt, { seconds: true })}</TD>
              <TD className="font-mono text-xs">{a.organiser}</TD>
              <TD>{a.actionText}</TD>
              <TD data-testid="audit-target">
                <Named link={a.target} />
              </TD>
              <TD>{a.reason ?? "—"}</TD>
              <TD data-testid="audit-details" className="min-w-72">
                {a.lines.length > 6 ? (
                  // Folded when long (a new test's every setting, a regrade's changes): the table stays readable.
                  <details>
                    <summary className="cursor-pointer text-xs text-primary-700">{texts.detailsCount({ n: a.lines.length })}</summary>
                    <Lines lines={a.lines} />
                  </details>
                ) : (
                  <Lines lines={a.lines} />
                )}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={total} search={{}} />
    </div>
  );
}
