// The appeals against a result as a whole: each pupil's words, and the decision on it (reject or
// uphold, with the reasons they read) or its form. A server component.

import { Card } from "@/components/ui/card";
import type { TestAppeals } from "@/lib/appeals/appeals";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { reasonLanguagesFor } from "@/shared/appeals/console";
import { AppealList, DecisionList } from "./console-appeal-list";
import { DecisionForm } from "./decision-form";

export async function ResultAppeals({ testId, appeals, seenAt }: { testId: number; appeals: TestAppeals["results"]; seenAt: string }) {
  const texts = (await getOrganiserMessages()).appeals;
  return (
    <section aria-labelledby="result-appeals-title" className="mt-6" data-testid="result-appeals">
      <h2 id="result-appeals-title" className="mb-2 text-lg font-semibold text-slate-900">
        {texts.resultsTitle} ({appeals.length})
      </h2>
      {appeals.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">{texts.noResults}</p>
      ) : (
        <ul className="grid gap-3">
          {appeals.map((appeal) => (
            <li key={appeal.appealId}>
              <Card
                as="article"
                size="panel"
                className="grid gap-3 xl:grid-cols-2"
                data-testid="result-appeal"
                data-appeal-id={appeal.appealId}
              >
                <div className="min-w-0">
                  <AppealList appeals={[appeal]} decisions={appeal.decision ? [appeal.decision] : []} />
                </div>
                <div className="min-w-0">
                  {appeal.decision ? (
                    <DecisionList decisions={[appeal.decision]} />
                  ) : (
                    <DecisionForm
                      testId={testId}
                      target={{ appealId: appeal.appealId, seenAt }}
                      undecided={1}
                      languages={reasonLanguagesFor([appeal.language])}
                    />
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
