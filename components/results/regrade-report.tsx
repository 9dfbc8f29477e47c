// What a regrade's dry run found: the question and its new key (or the choice correct too, or that
// it is voided), and the pupils whose score or rank would change.
"use client";

import { useLocale, useLocalName } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { RichText } from "@/components/ui/rich-text";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { RegradeReport } from "@/lib/appeals/rescoring";
import { points } from "@/shared/i18n/numbers";
import { letter, type RegradeQuestion, type RegradeValues } from "./regrade-form";

type Props = { question: RegradeQuestion; values: RegradeValues; report: RegradeReport };

export function DryRunReport({ question, values, report }: Props) {
  return (
    <>
      <Tried question={question} values={values} />
      <RegradeChanges report={report} />
    </>
  );
}

/** What the dry run was of, in words: the question, and its new key or that it is voided. */
function Tried({ question, values }: { question: RegradeQuestion; values: RegradeValues }) {
  const texts = useOrganiserMessages().results;
  const index = question.choices.findIndex((c) => c.choiceId === values.correctChoiceId);
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-testid="regrade-tried">
      <p className="font-semibold text-slate-800">{texts.triedQuestion({ id: question.questionId })}</p>
      <RichText html={question.text} className="mt-1 text-slate-700" />
      <p className="mt-2 font-semibold text-slate-800">
        {values.action === "key"
          ? texts.triedKey({ letter: letter(index) })
          : values.action === "also"
            ? texts.triedAlso({ letter: letter(index) })
            : texts.triedVoid({ awards: (values.voidAwards === "all" ? texts.voidAll : texts.voidNone).toLowerCase() })}
      </p>
      {values.action !== "void" && index >= 0 && <RichText html={question.choices[index].text} className="text-slate-700" />}
    </div>
  );
}

/**
 * Who a regrade moves, by how much, and where in their district. The figures' headings wrap, so
 * that the five columns fit the appeals page's decision form on a laptop (1280) beside the menu.
 */
const figure = "w-16 whitespace-normal px-2 text-right";

export function RegradeChanges({ report }: { report: RegradeReport }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const local = useLocalName();
  const texts = messages.results;
  if (report.changes.length === 0) return <p className="text-sm text-slate-700">{texts.noChanges}</p>;
  return (
    <div className="max-h-72 overflow-y-auto">
      <p className="mb-2 text-sm font-semibold text-slate-800" data-testid="regrade-changed" data-count={report.changes.length}>
        {texts.changes({ count: report.changes.length })}
      </p>
      <Table data-testid="regrade-changes">
        <THead>
          <tr>
            <TH>{messages.pupils.fullName}</TH>
            <TH className={figure}>{texts.oldScore}</TH>
            <TH className={figure}>{texts.newScore}</TH>
            <TH className={figure}>{texts.oldRank}</TH>
            <TH className={figure} data-testid="new-rank-heading">
              {texts.newRank}
            </TH>
          </tr>
        </THead>
        <TBody>
          {report.changes.map((change) => (
            <TR key={change.attemptId}>
              <TD>
                {change.fullName}
                <span className="block text-xs text-slate-500">{change.districtName && local(change.districtName)}</span>
              </TD>
              <TD className="text-right tabular-nums">{points(locale, change.oldScore)}</TD>
              <TD className="text-right font-semibold tabular-nums">{points(locale, change.newScore)}</TD>
              <TD className="text-right tabular-nums">{change.oldRank ?? "—"}</TD>
              <TD className="text-right font-semibold tabular-nums">{change.newRank ?? "—"}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
