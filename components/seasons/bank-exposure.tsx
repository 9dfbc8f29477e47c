// Before a new season is made: per subject of the newest season and per study language, how many of
// its bank's items are fresh and how many exposed beside what its test draws, and where fresh fall short.
"use client";

import { useLocale } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { DIFFICULTIES } from "@/shared/attempts/scoring";
import { wholeNumber } from "@/shared/i18n/numbers";
import { type BankExposure as Exposure, shortCells } from "@/shared/seasons/exposure";

export function BankExposure({ year, subjects }: { year: number; subjects: Exposure[] }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const texts = messages.seasons;
  const n = (value: number) => wholeNumber(locale, value);
  return (
    <section aria-labelledby="bank-exposure" className="mb-4" data-testid="bank-exposure">
      <h3 id="bank-exposure" className="font-semibold text-slate-900">
        {texts.exposureTitle}
      </h3>
      <p className="mb-2 max-w-3xl text-sm text-slate-700">{texts.exposureLead({ year })}</p>
      <Table label={texts.exposureTitle}>
        <THead>
          <tr>
            <TH>{texts.subject}</TH>
            <TH>{texts.language}</TH>
            {DIFFICULTIES.map(({ difficulty }) => (
              <TH key={difficulty}>{messages.questions.difficultyOf[difficulty]}</TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {/* A subject with neither a test nor items carries nothing over: not listed. */}
          {subjects
            .filter((subject) => subject.needed || subject.languages.length > 0)
            .flatMap((subject) => {
              const short = shortCells(subject);
              const label = `${subject.grade}-${texts.gradeShort} ${subject.name}`;
              if (subject.languages.length === 0 || !subject.needed)
                return [
                  <TR key={subject.subjectId}>
                    <TD className="font-medium">{label}</TD>
                    <TD colSpan={4} className="text-slate-600">
                      {subject.needed ? texts.noItems : texts.noTest}
                    </TD>
                  </TR>,
                ];
              const needed = subject.needed;
              return subject.languages.map(({ language, items }, row) => (
                <TR key={`${subject.subjectId}-${language}`} data-testid={`exposure-${subject.subjectId}-${language}`}>
                  <TD className="font-medium">{row === 0 ? label : ""}</TD>
                  <TD>{messages.questions.languageNames[language]}</TD>
                  {DIFFICULTIES.map(({ difficulty }, i) => {
                    const isShort = short.some((cell) => cell.language === language && cell.difficulty === difficulty);
                    return (
                      <TD key={difficulty} className={isShort ? "bg-amber-50 text-amber-900" : undefined}>
                        <span className="whitespace-nowrap">
                          {n(items[i].fresh)} {texts.fresh} · {n(items[i].exposed)} {texts.exposed}
                        </span>
                        <span className="block min-w-32 text-xs text-slate-600">
                          {n(needed[i])} {texts.needed}
                          {isShort && <strong className="ml-1 font-semibold text-amber-900">· {texts.short}</strong>}
                        </span>
                      </TD>
                    );
                  })}
                </TR>
              ));
            })}
        </TBody>
      </Table>
    </section>
  );
}
