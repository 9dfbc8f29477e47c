// The evidence sheet's questions of a screened pair: each with both pupils' numbers and choices,
// the matching ones marked (an identical wrong answer in red).
import { PupilMark } from "@/components/integrity/pupil-mark";
import { TypesetText } from "@/components/ui/typeset-text";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { EvidenceSheet } from "@/lib/integrity/decisions";

const LETTERS = "ABCDEFGH";

export async function PairQuestions({ questions }: { questions: EvidenceSheet["questions"] }) {
  const texts = (await getOrganiserMessages()).screening;
  const choiceText = (choice: { choice: string | null; letter: number | null }) =>
    choice.choice === null ? (
      <span className="text-slate-500">{texts.notAnswered}</span>
    ) : (
      <span className="flex gap-1">
        <span className="font-semibold">{choice.letter === null ? "" : `${LETTERS[choice.letter]})`}</span>
        <TypesetText html={choice.choice} className="text-sm" />
      </span>
    );
  return (
    <section aria-labelledby="questions-title">
      <h2 id="questions-title" className="mb-2 text-lg font-semibold">
        {texts.questions}
      </h2>
      <ol className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200" data-testid="pair-questions">
        {questions.map((q) => (
          <li
            key={q.questionId}
            className={`grid gap-2 p-3 md:grid-cols-[7rem_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:gap-4 ${q.identicalWrong ? "bg-red-50" : q.match ? "bg-amber-50/60" : ""}`}
            data-testid={`pair-question-${q.questionId}`}
          >
            <div className="flex flex-wrap items-start gap-x-3 gap-y-1 text-xs text-slate-600 md:flex-col">
              <span className="tabular-nums">
                <PupilMark who="A" /> № {q.a.number}
              </span>
              <span className="tabular-nums">
                <PupilMark who="B" /> № {q.b.number}
              </span>
              {q.identicalWrong ? (
                <span className="font-semibold text-red-800">{texts.sameWrong}</span>
              ) : q.match ? (
                <span className="font-semibold text-amber-900">{texts.same}</span>
              ) : null}
            </div>
            <TypesetText html={q.text} className="text-sm leading-relaxed" />
            {(["a", "b"] as const).map((who) => (
              <div key={who} className={`flex gap-2 text-sm ${q[who].correct ? "text-green-800" : ""}`}>
                <PupilMark who={who === "a" ? "A" : "B"} />
                {choiceText(q[who])}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
