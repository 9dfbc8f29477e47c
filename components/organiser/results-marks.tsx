// A pupil's marks question by question, fetched when the organiser opens them.
"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocale } from "@/components/i18n/messages";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { api } from "@/lib/http/client";
import { points } from "@/lib/i18n/numbers";
import type { attemptMarks } from "@/lib/results/marks";

type Marks = Awaited<ReturnType<typeof attemptMarks>>;

function MarksList({ attemptId }: { attemptId: number }) {
  const messages = useOrganiserMessages();
  const locale = useLocale();
  const [t, q] = [messages.results, messages.questions];
  const { data, error } = useQuery({
    queryKey: ["organiser", "marks", attemptId],
    queryFn: ({ signal }) => api<Marks>(`/admin/attempts/${attemptId}/marks`, { signal }),
  });
  if (error) return <p className="mt-3 text-sm text-red-700">{error.message}</p>;
  if (!data) return <p className="mt-3 text-sm text-slate-500">{t.loading}</p>;
  return (
    <ol className="mt-3 grid gap-1 overflow-auto text-sm sm:grid-cols-2" data-testid="marks">
      {data.marks.map((m) => (
        <li key={m.number} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1">
          <span>
            {t.questionNumber({ n: m.number, id: m.questionId })}{" "}
            <span className="text-xs text-slate-500">{q.difficultyOf[m.difficulty]}</span>
          </span>
          <span className={m.earned ? "font-semibold text-emerald-700" : "text-slate-600"}>
            {m.voided ? t.marksVoided : m.earned ? t.marksEarned : m.answered ? t.marksWrong : t.marksEmpty} · {points(locale, m.points)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function MarksButton({ attemptId, fullName }: { attemptId: number; fullName: string }) {
  const t = useOrganiserMessages().results;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setOpen(true)} data-testid={`marks-${attemptId}`}>
        {t.marks}
      </Button>
      <Dialog
        open={open}
        onDismiss={() => setOpen(false)}
        title={t.marksTitle({ name: fullName })}
        description={t.marks}
        hideDescription
        size="lg"
        className="p-5"
      >
        {open && <MarksList attemptId={attemptId} />}
      </Dialog>
    </>
  );
}
