// Every subject's test in one table (an olympiad's worth, the rest on a press), one that fits
// 1280 px beside the open menu; "Tahrirlash" opens its settings, "Hozir yopish" closes an open one
// (the subject's name typed), and links to the test as a pupil sees it and its item statistics.
"use client";

import Link from "next/link";
import { useState } from "react";
import { firstOf } from "@/components/console/first-of";
import { ReasonAction } from "@/components/console/reason-action";
import { ShowAll } from "@/components/console/show-all";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { SubjectTest } from "@/lib/subject-tests/subject-tests";
import { api } from "@/shared/http/client";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";
import { TestForm } from "./test-form";

const link = "whitespace-nowrap text-sm font-medium text-primary-700 underline-offset-2 hover:underline";
// Narrower cells than a table's default: every column and the actions fit 1280 px beside the open menu.
const cell = "px-2 py-1.5";

export function TestsView({ items, all }: { items: SubjectTest[]; all: boolean }) {
  const organiserMessages = useOrganiserMessages();
  const [texts, boardTexts] = [organiserMessages.tests, organiserMessages.board];
  const messages = useMessages();
  const local = useLocalName();
  const [editing, setEditing] = useState<SubjectTest | null>(null);
  const shown = firstOf(items, all);
  return (
    <div className="flex flex-col gap-3">
      <Table data-testid="tests-table">
        <THead>
          <tr>
            <TH className="px-2">{boardTexts.subject}</TH>
            {/* The window, and the duration under it: a column of its own would not fit. */}
            <TH className="px-2">{boardTexts.window}</TH>
            <TH className="px-2">{texts.pinCode}</TH>
            <TH className="px-2">{texts.reviewShort}</TH>
            <TH className="px-2 text-right">{boardTexts.counts.inProgress}</TH>
            <TH className="px-2" />
          </tr>
        </THead>
        <TBody>
          {shown.map((item) => (
            <TR key={item.subjectId} data-testid={`test-row-${item.subjectId}`}>
              <TD className={`${cell} font-medium`}>{gradeAndSubject(messages, item.grade, local(item.subjectName))}</TD>
              <TD className={`${cell} whitespace-nowrap`}>
                {item.test ? (
                  <>
                    <span className="block">{formatTashkent(item.test.openedAt)} —</span>
                    <span className="block">{formatTashkent(item.test.closedAt)}</span>
                    <span className="block text-xs text-slate-500">{texts.minutes({ count: item.test.durationMinutes ?? 0 })}</span>
                  </>
                ) : (
                  texts.noTest
                )}
              </TD>
              <TD className={`${cell} font-mono`}>{item.test?.pinCode ?? "—"}</TD>
              <TD className={`${cell} text-xs`}>{item.test ? texts.reviewShortOf[item.test.reviewPolicy ?? "afterClose"] : "—"}</TD>
              <TD className={`${cell} text-right tabular-nums`}>{item.running}</TD>
              <TD className={cell}>
                {/* Two lines that never wrap: the acts (a closed test's pages after it where an open one has its close), then the pages to look at. */}
                <div className="flex flex-col items-start gap-1 whitespace-nowrap">
                  <div className="flex gap-2">
                    <Button variant="secondary" size="compact" onClick={() => setEditing(item)}>
                      {item.test ? texts.edit : texts.create}
                    </Button>
                    {item.test && item.open && (
                      <ReasonAction
                        compact
                        confirmDanger
                        label={texts.closeNow}
                        hint={texts.closeNowHint}
                        withConfirmName={{ name: local(item.subjectName), label: texts.confirmSubjectName }}
                        testId={`close-now-${item.subjectId}`}
                        done={texts.closedNow}
                        run={async ({ reason, confirmName }) => {
                          await api(`/admin/subjects/${item.subjectId}/test/close`, {
                            method: "POST",
                            body: { reason, confirmSubjectName: confirmName },
                          });
                          return undefined;
                        }}
                      />
                    )}
                    {item.test && item.closed && (
                      <span className="flex items-center gap-3" data-testid={`test-after-${item.subjectId}`}>
                        <Link prefetch={false} href={`/admin/results?testId=${item.test.testId}`} className={link}>
                          {organiserMessages.results.title}
                        </Link>
                        <Link prefetch={false} href={`/admin/tests/${item.test.testId}/appeals`} className={link}>
                          {organiserMessages.appeals.link}
                        </Link>
                      </span>
                    )}
                  </div>
                  {item.test && (
                    // Not prefetched: the page renders no other page until the organiser asks for it.
                    <div className="flex gap-3" data-testid={`test-links-${item.subjectId}`}>
                      <Link prefetch={false} href={`/admin/tests/${item.test.testId}/preview`} className={link}>
                        {texts.preview}
                      </Link>
                      <Link prefetch={false} href={`/admin/tests/${item.test.testId}/items`} className={link}>
                        {organiserMessages.itemStatistics.title}
                      </Link>
                    </div>
                  )}
                </div>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <ShowAll total={items.length} all={all} />
      <Dialog
        open={editing !== null}
        onDismiss={() => setEditing(null)}
        size="lg"
        className="overflow-y-auto p-5"
        title={editing ? texts.dialogTitle({ grade: editing.grade, subject: local(editing.subjectName) }) : ""}
        description={texts.lead}
        descriptionClassName="text-sm text-slate-600"
      >
        {editing && <TestForm item={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
