// The pupils' appeals as the organiser reads them (who, their login and study language, what about,
// their words as plain text) and the decisions already made on them. Server components.
import type { ConsoleAppeal, ConsoleDecision } from "@/lib/appeals/appeals";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { formatTashkent } from "@/shared/time";
import { choiceLetter } from "./console-words";

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

type AppealListProps = {
  appeals: ConsoleAppeal[];
  decisions: ConsoleDecision[];
  /** A choice's letter in the bank's order (a question's appeals): the pupil's answer and own letters are told in it. */
  letterOf?: (choiceId: number) => string;
};

export async function AppealList({ appeals, decisions, letterOf }: AppealListProps) {
  const messages = await getOrganiserMessages();
  const [texts, languageNames] = [messages.appeals, messages.results.languageNames];
  return (
    <ul className="grid gap-2">
      {appeals.map((appeal) => {
        const decision = decisions.find((d) => d.decisionId === appeal.decisionId);
        return (
          <li
            key={appeal.appealId}
            className="min-w-0 rounded-lg bg-white p-3 ring-1 ring-slate-200"
            data-testid="appeal"
            data-appeal-id={appeal.appealId}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium text-slate-900 wrap-anywhere">{appeal.fullName}</span>
              {appeal.username && <span className="font-mono text-xs text-slate-500 wrap-anywhere">{appeal.username}</span>}
              <span className={`${badge} bg-slate-100 text-slate-700`}>{texts.kinds[appeal.kind]}</span>
              {decision ? (
                <span className={`${badge} bg-green-100 text-green-900`}>{texts.decided[decision.outcome]}</span>
              ) : (
                <span className={`${badge} bg-amber-100 text-amber-900`}>{texts.waiting}</span>
              )}
            </div>
            <p className="mt-0.5 text-xs text-slate-600">
              {[
                languageNames[appeal.language],
                appeal.questionNumber === null ? null : texts.paperNumber({ n: appeal.questionNumber }),
                formatTashkent(appeal.updatedAt),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {letterOf && appeal.choiceOrder && (
              // A pupil writes "B is right" by the letters of their own screen, shuffled for them.
              <p className="mt-0.5 text-xs text-slate-600" data-testid="appeal-letters">
                {appeal.answerChoiceId === null ? texts.pupilNoAnswer : texts.pupilAnswer({ letter: letterOf(appeal.answerChoiceId) })}
                {" · "}
                {texts.pupilLetters({
                  order: appeal.choiceOrder.map((id, index) => `${choiceLetter(index)} = ${letterOf(id)}`).join(", "),
                })}
              </p>
            )}
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800 wrap-anywhere" data-testid="appeal-text">
              {appeal.text}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The decisions made, each with its outcome, its choice's letter (for also and key), when, and its reasons. */
export async function DecisionList({ decisions, letterOf }: { decisions: ConsoleDecision[]; letterOf?: (choiceId: number) => string }) {
  const texts = (await getOrganiserMessages()).appeals;
  return (
    <ul className="grid gap-2">
      {decisions.map((decision) => (
        <li
          key={decision.decisionId}
          className="min-w-0 rounded-lg bg-green-50 p-3 text-sm ring-1 ring-green-200"
          data-testid="decision"
          data-outcome={decision.outcome}
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-green-900">{texts.decided[decision.outcome]}</span>
            {decision.choiceId !== null && letterOf && (
              <span className="text-slate-700">{texts.choiceLetter({ letter: letterOf(decision.choiceId) })}</span>
            )}
            <span className="text-xs text-slate-600">{formatTashkent(decision.decidedAt)}</span>
          </p>
          {decision.reason && <p className="mt-1 whitespace-pre-wrap text-slate-800 wrap-anywhere">{decision.reason}</p>}
          {decision.reasonRu && (
            <p lang="ru" className="mt-1 whitespace-pre-wrap text-slate-600 wrap-anywhere">
              {texts.reasonRuShown({ reason: decision.reasonRu })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
