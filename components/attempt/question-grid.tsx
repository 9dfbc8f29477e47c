// The numbers of the attempt's questions: where the pupil is, which are answered, which are still
// on their way; in review, which earned their points (once the key may be shown).
import { clsx } from "clsx";
import { useMessages } from "@/components/i18n/messages";
import { Card } from "@/components/ui/card";
import type { AttemptView } from "@/lib/attempts/taking";

type Question = AttemptView["questions"][number];

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
  const m = useMessages();
  const t = m.attempt;
  return (
    <Card as="nav" size="panel" className="order-1 lg:order-2" aria-label={t.questions}>
      <h2 className="mb-2 text-sm font-semibold text-slate-500">{t.questions}</h2>
      <ol className={clsx("grid grid-cols-6 gap-1.5 sm:grid-cols-10 lg:grid-cols-5", !ready && "opacity-60")}>
        {questions.map((q) => {
          const answer = answerOf(q);
          const pending = isPending(q);
          const here = q.questionNumber === current;
          const tone = review
            ? q.answerId === null
              ? "bg-slate-100 text-slate-400"
              : q.isAnswerCorrect === true
                ? "bg-green-600 text-white"
                : q.isAnswerCorrect === false
                  ? "bg-red-500 text-white"
                  : "bg-primary-600 text-white"
            : pending
              ? "bg-amber-400 text-slate-900"
              : answer !== null
                ? "bg-primary-600 text-white"
                : "bg-slate-100 text-slate-700";
          return (
            <li key={q.testAttemptQuestionId}>
              <button
                type="button"
                onClick={() => go(q.questionNumber)}
                disabled={!ready || (review && q.answerId === null)}
                aria-current={here ? "step" : undefined}
                data-state={pending ? "pending" : answer !== null ? "answered" : "empty"}
                className={`flex h-10 w-full items-center justify-center rounded-md text-sm font-semibold tabular-nums disabled:cursor-not-allowed ${tone} ${
                  here ? "ring-2 ring-menu-trigger ring-offset-2" : ""
                }`}
              >
                {q.questionNumber}
              </button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
