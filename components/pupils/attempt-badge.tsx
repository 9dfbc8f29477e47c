// A pupil's attempt in a word: running (with answers and time left), ended, reset, or none. A server
// component (the console's pages render it).

import { cn } from "@/components/ui/cn";
import { clock } from "@/components/ui/format";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { AttemptSummary } from "@/lib/pupils/pupils";

const tone = { running: "bg-green-100 text-green-800", ended: "bg-slate-200 text-slate-700", reset: "bg-amber-100 text-amber-800" };

export async function AttemptBadge({ attempt }: { attempt: AttemptSummary | null }) {
  const texts = (await getOrganiserMessages()).pupils;
  if (!attempt) return <span className="text-xs text-slate-500">{texts.attemptStates.none}</span>;
  return (
    <span className="flex flex-col gap-0.5" data-testid="attempt-state" data-state={attempt.state}>
      <span className={cn("w-fit rounded-full px-2 py-0.5 text-xs font-semibold", tone[attempt.state])}>
        {texts.attemptStates[attempt.state]}
      </span>
      <span className="text-xs text-slate-600">
        {texts.answered({ answered: attempt.answered, total: attempt.questions })}
        {attempt.state === "running" && `, ${texts.timeLeft({ time: clock(attempt.remainingTime) })}`}
      </span>
    </span>
  );
}
