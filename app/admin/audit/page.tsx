import type { Metadata } from "next";
import { PageHeader } from "@/components/organiser/page-header";
import { Pagination } from "@/components/organiser/pagination";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";
import { requireOrganiser } from "@/lib/identity/page-guards";
import { AUDIT_PAGE_SIZE, listActions } from "@/lib/organiser/audit";
import { formatTashkent } from "@/lib/organiser/tashkent-time";
import { pageQuery, searchOf } from "@/lib/validation/organiser";

const t = uzOrganiser.audit;
export const metadata: Metadata = { title: t.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A regrade's list of changes can be long: the page shows its start, the database keeps it all. */
function shown(details: Record<string, unknown>): string {
  const text = JSON.stringify(details, null, 1);
  return text.length > 4000 ? `${text.slice(0, 4000)}\n…` : text;
}

export default async function AuditPage({ searchParams }: Props) {
  // Each page checks the role itself: a client-side navigation may render it without the layout.
  await requireOrganiser();
  const page = searchOf(pageQuery, await searchParams).page ?? 1;
  const { items, total } = await listActions({ page });
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t.title} lead={t.lead} />
      <Table data-testid="audit-table">
        <THead>
          <tr>
            <TH>{t.when}</TH>
            <TH>{t.who}</TH>
            <TH>{t.what}</TH>
            <TH>{t.target}</TH>
            <TH>{t.reason}</TH>
            <TH>{t.details}</TH>
          </tr>
        </THead>
        <TBody>
          {items.map((a) => (
            <TR key={a.id}>
              <TD className="whitespace-nowrap">{formatTashkent(a.createdAt, { seconds: true })}</TD>
              <TD className="font-mono text-xs">{a.organiser}</TD>
              <TD>{t.actions[a.action] ?? a.action}</TD>
              <TD className="whitespace-nowrap">
                {t.targets[a.targetType] ?? a.targetType} #{a.targetId}
              </TD>
              <TD>{a.reason ?? "—"}</TD>
              <TD>
                {a.details && (
                  // Folded: a test's settings before and after are long, and the table stays readable.
                  <details className="max-w-sm text-[11px]">
                    <summary className="cursor-pointer text-primary-700">{t.details}</summary>
                    <pre className="overflow-x-auto whitespace-pre-wrap break-all">{shown(a.details)}</pre>
                  </details>
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
