// A pupil's marks question by question, fetched when the organiser opens them.
"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocale } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { attemptMarks } from "@/lib/results/marks";
import { api } from "@/shared/http/client";
import { points } from "@/shared/i18n/numbers";

type Marks = Awaited<ReturnType<typeof attemptMarks>>;

function MarksList({ attemptId }: { attemptId: number }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const [texts, questionTexts] = [messages.results, messages.questions];
  const { data, error } = useQuery({
    queryKey: ["organiser", "marks", attemptId],
    queryFn: ({ signal }) => api<Marks>(`/admin/attempts/${attemptId}/marks`, { signal }),
  });
  if (error) return <p className="mt-3 text-sm text-red-700">{error.message}</p>;
  if (!data) return <p className="mt-3 text-sm text-slate-500">{texts.loading}</p>;
  return (
    <ol className="mt-3 grid gap-1 overflow-auto text-sm sm:grid-cols-2" data-testid="marks">
      {data.marks.map((m) => (
        <li key={m.number} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1">
          <span>
            {texts.questionNumber({ n: m.number, id: m.questionId })}{" "}
            <span className="text-xs text-slate-500">{questionTexts.difficultyOf[m.difficulty]}</span>
          </span>
          <span className={m.earned ? "font-semibold text-emerald-700" : "text-slate-600"}>
            {m.voided ? texts.marksVoided : m.earned ? texts.marksEarned : m.answered ? texts.marksWrong : texts.marksEmpty} ·{" "}
            {points(locale, m.points)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function MarksButton({ attemptId, fullName }: { attemptId: number; fullName: string }) {
  const texts = useOrganiserMessages().results;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setOpen(true)} data-testid={`marks-${attemptId}`}>
        {texts.marks}
      </Button>
      <Dialog
        open={open}
        onDismiss={() => setOpen(false)}
        title={texts.marksTitle({ name: fullName })}
        description={texts.marks}
        hideDescription
        size="lg"
        className="p-5"
      >
        {open && <MarksList attemptId={attemptId} />}
      </Dialog>
    </>
  );
}
