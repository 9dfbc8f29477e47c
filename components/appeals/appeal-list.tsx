// The appeals made: what each is about, why, the words as written, and where it stands (being
// considered, or the organiser's decision with its reason).
"use client";

import { clsx } from "clsx";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import type { AppealsView } from "@/shared/appeals/schema";

type Appeal = AppealsView["appeals"][number];

type Props = {
  appeals: Appeal[];
  /** Undecided appeals may be edited. */
  open: boolean;
  heading: "h3" | "h4";
  onEdit: (appeal: Appeal) => void;
};

export function AppealList({ appeals, open, heading: Heading, onEdit }: Props) {
  const texts = useMessages().appeals;
  return (
    <div>
      <Heading className="text-base font-semibold text-slate-900">{texts.mine}</Heading>
      {appeals.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="appeals-none">
          {texts.none}
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {appeals.map((appeal) => {
            const aboutId = `appeal-${appeal.appealId}-about`;
            return (
              <li
                key={appeal.appealId}
                data-testid="appeal-item"
                data-question={appeal.questionNumber ?? "result"}
                data-state={appeal.decision ? "decided" : "pending"}
                className="rounded-lg p-3 ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p id={aboutId} className="text-sm font-semibold text-slate-900">
                    {appeal.questionNumber === null ? texts.wholeResult : texts.questionNumber({ n: appeal.questionNumber })}
                    <span className="font-normal text-slate-600"> · {texts.kinds[appeal.kind]}</span>
                  </p>
                  {!appeal.decision && (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
                      {texts.pending}
                    </span>
                  )}
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{appeal.text}</p>
                {appeal.decision && (
                  <div
                    data-testid="appeal-decision"
                    data-outcome={appeal.decision.outcome}
                    className={clsx(
                      "mt-2 rounded-lg p-2 text-sm ring-1",
                      appeal.decision.outcome === "reject" ? "bg-slate-50 ring-slate-200" : "bg-green-50 text-green-900 ring-green-200",
                    )}
                  >
                    <p className="font-semibold">{texts.outcomes[appeal.decision.outcome]}</p>
                    <p className="whitespace-pre-wrap break-words">{texts.reason({ reason: appeal.decision.reason })}</p>
                  </div>
                )}
                {open && !appeal.decision && (
                  <div className="mt-2 flex justify-end">
                    <Button
                      variant="ghost"
                      size="compact"
                      aria-describedby={aboutId}
                      onClick={() => onEdit(appeal)}
                      data-testid="appeal-edit"
                    >
                      {texts.edit}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
