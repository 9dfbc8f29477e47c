// The review's appeals below the question: the "appeal this question" button and the pupil's
// appeals panel, with the link target #appeals.
"use client";

import { lazy, Suspense } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { AttemptView as AttemptData } from "@/lib/attempts/taking";
import type { AppealsView } from "@/shared/appeals/schema";

// The appeals are the review's only: the running test's page does not carry their code.
const AppealsPanel = lazy(() => import("@/components/appeals/appeals-panel").then((m) => ({ default: m.AppealsPanel })));
const PUPIL = { kind: "pupil" } as const;

type Props = {
  appeals: AppealsView;
  current: AttemptData["questions"][number] | undefined;
  /** How many times "appeal this question" was pressed: each press is a new focus request. */
  asked: number;
  onAsk: () => void;
};

export function AttemptAppeals({ appeals, current, asked, onAsk }: Props) {
  const messages = useMessages();
  return (
    <>
      {appeals.open && current && (
        <div className="flex justify-end">
          <Button variant="ghost" size="compact" onClick={onAsk} data-testid="appeal-question">
            {messages.appeals.appealQuestion}
          </Button>
        </div>
      )}
      {/* Clear of the sticky bar when a link (#appeals) brings it into view. */}
      <Card size="panel" id="appeals" className="scroll-mt-36 lg:scroll-mt-24">
        <Suspense fallback={<p className="text-sm text-slate-500">{messages.common.loading}</p>}>
          <AppealsPanel source={PUPIL} initial={appeals} questionNumber={current?.questionNumber} focusRequest={asked} />
        </Suspense>
      </Card>
    </>
  );
}
