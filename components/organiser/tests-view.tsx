// Every subject's test in one table; "Tahrirlash" opens its settings, "Hozir yopish" closes an open
// one (the subject's name typed), and links to the test as a pupil sees it and its item statistics.
"use client";

import Link from "next/link";
import { useState } from "react";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { api } from "@/lib/http/client";
import { gradeAndSubject } from "@/lib/i18n/words";
import type { SubjectTest } from "@/lib/organiser/tests";
import { formatTashkent } from "@/lib/time";
import { ReasonAction } from "./reason-action";
import { TestForm } from "./test-form";

const link = "text-sm font-medium text-primary-700 underline-offset-2 hover:underline";

export function TestsView({ items }: { items: SubjectTest[] }) {
  const messages = useOrganiserMessages();
  const [t, b] = [messages.tests, messages.board];
  const m = useMessages();
  const local = useLocalName();
  const [editing, setEditing] = useState<SubjectTest | null>(null);
  return (
    <>
      <Table data-testid="tests-table">
        <THead>
          <tr>
            <TH>{b.subject}</TH>
            <TH>{b.window}</TH>
            <TH>{b.duration}</TH>
            <TH>{t.pinCode}</TH>
            <TH>{t.reviewShort}</TH>
            <TH>{b.counts.inProgress}</TH>
            <TH />
          </tr>
        </THead>
        <TBody>
          {items.map((item) => (
            <TR key={item.subjectId} data-testid={`test-row-${item.subjectId}`}>
              <TD className="whitespace-nowrap font-medium">{gradeAndSubject(m, item.grade, local(item.subjectName))}</TD>
              <TD className="whitespace-nowrap">
                {item.test ? (
                  <>
                    <span className="block">{formatTashkent(item.test.openedAt)} —</span>
                    <span className="block">{formatTashkent(item.test.closedAt)}</span>
                  </>
                ) : (
                  t.noTest
                )}
              </TD>
              <TD>{item.test ? t.minutes({ count: item.test.durationMinutes ?? 0 }) : "—"}</TD>
              <TD className="font-mono">{item.test?.pinCode ?? "—"}</TD>
              <TD className="text-xs">{item.test ? t.reviewShortOf[item.test.reviewPolicy ?? "afterClose"] : "—"}</TD>
              <TD className="tabular-nums">{item.running}</TD>
              <TD>
                <div className="flex min-w-64 flex-wrap items-center gap-x-3 gap-y-2">
                  <Button variant="secondary" className="min-h-9 px-3" onClick={() => setEditing(item)}>
                    {item.test ? t.edit : t.create}
                  </Button>
                  {item.test && item.open && (
                    <ReasonAction
                      compact
                      confirmDanger
                      label={t.closeNow}
                      hint={t.closeNowHint}
                      withConfirmName={{ name: item.subjectName, label: t.confirmSubjectName }}
                      testId={`close-now-${item.subjectId}`}
                      done={t.closedNow}
                      run={async ({ reason, confirmName }) => {
                        await api(`/admin/subjects/${item.subjectId}/test/close`, {
                          method: "POST",
                          body: { reason, confirmSubjectName: confirmName },
                        });
                        return undefined;
                      }}
                    />
                  )}
                  {item.test && (
                    <>
                      <Link href={`/admin/tests/${item.test.testId}/preview`} className={link}>
                        {t.preview}
                      </Link>
                      <Link href={`/admin/tests/${item.test.testId}/items`} className={link}>
                        {messages.itemStatistics.title}
                      </Link>
                    </>
                  )}
                </div>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Dialog
        open={editing !== null}
        onDismiss={() => setEditing(null)}
        size="lg"
        className="overflow-y-auto p-5"
        title={editing ? t.dialogTitle({ grade: editing.grade, subject: editing.subjectName }) : ""}
        description={t.lead}
        descriptionClassName="text-sm text-slate-600"
      >
        {editing && <TestForm item={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}
