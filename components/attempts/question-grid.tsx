// The numbers of the attempt's questions: where the pupil is, which are answered, which are still
// on their way; in review, which earned their points (once the key may be shown). Each state is
// told three ways (issue 27): a colour of AA contrast, a mark that needs no colour (filled or
// outlined, ✓, ✗, …, the current one's ring), and words for a screen reader (its name: "3, javob berilgan").
import { clsx } from "clsx";
import { useMessages } from "@/components/i18n/messages";
import { Card } from "@/components/ui/card";
import type { AttemptView } from "@/lib/attempts/taking";

type Question = AttemptView["questions"][number];

/** Each state's colours (text at least 4.5:1 on its fill, the outline 3:1 on the card) and mark. */
const LOOKS = {
  unanswered: { tone: "border-slate-500 bg-white text-slate-700", mark: "" },
  pending: { tone: "border-dashed border-amber-700 bg-amber-100 text-slate-900", mark: "…" },
  answered: { tone: "border-primary-600 bg-primary-600 text-white", mark: "✓" },
  correct: { tone: "border-green-700 bg-green-700 text-white", mark: "✓" },
  wrong: { tone: "border-red-700 bg-red-700 text-white", mark: "✗" },
  voided: { tone: "border-slate-500 bg-slate-200 text-slate-800 line-through", mark: "∅" },
} as const;

export function QuestionGrid({
  questions,
  current,
  review,
  ready,
  answerOf,
  isPending,
  go,
}: {
  questions: Question[];
  current: number;
  review: boolean;
  ready: boolean;
  answerOf: (q: Question) => number | null;
  isPending: (q: Question) => boolean;
  go: (questionNumber: number) => void;
}) {
  const messages = useMessages();
  const texts = messages.attempt;
  return (
    <Card as="nav" size="panel" className="order-1 lg:order-2" aria-label={texts.questions}>
      <h2 className="mb-2 text-sm font-semibold text-slate-500">{texts.questions}</h2>
      <ol className={clsx("grid grid-cols-6 gap-1.5 sm:grid-cols-10 lg:grid-cols-5", !ready && "opacity-60")}>
        {questions.map((q) => {
          const answer = answerOf(q);
          const pending = isPending(q);
          const here = q.questionNumber === current;
          const state: keyof typeof texts.gridStates = review
            ? q.voided
              ? "voided"
              : q.answerId === null
                ? "unanswered"
                : q.isAnswerCorrect === true
                  ? "correct"
                  : q.isAnswerCorrect === false
                    ? "wrong"
                    : "answered"
            : pending
              ? "pending"
              : answer !== null
                ? "answered"
                : "unanswered";
          const { tone, mark } = LOOKS[state];
          return (
            <li key={q.testAttemptQuestionId}>
              <button
                type="button"
                onClick={() => go(q.questionNumber)}
                disabled={!ready || (review && q.answerId === null)}
                aria-current={here ? "step" : undefined}
                aria-label={`${q.questionNumber}, ${texts.gridStates[state]}`}
                data-state={pending ? "pending" : answer !== null ? "answered" : "empty"}
                className={`relative flex h-10 w-full items-center justify-center rounded-md border-2 text-sm font-semibold tabular-nums disabled:cursor-not-allowed ${tone} ${
                  here ? "ring-2 ring-menu-trigger ring-offset-2" : ""
                }`}
              >
                {q.questionNumber}
                {mark && (
                  <span aria-hidden className="absolute top-0 right-0.5 text-[0.625rem] leading-none">
                    {mark}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
