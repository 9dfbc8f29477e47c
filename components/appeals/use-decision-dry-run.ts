// A decision that regrades (another choice correct too, a new key, a void) shows what it would
// change first: the results page's regrade, as a dry run, of the same question and action. The
// decision then goes with that run's key hash, refused if the key changed since; changing the
// outcome, the choice or whom a void awards asks for a new run.
"use client";

import { useState } from "react";
import type { RegradeReport } from "@/lib/appeals/rescoring";
import type { DecisionOutcome } from "@/shared/appeals/schema";
import type { VoidAwards } from "@/shared/attempts/enums";
import { api } from "@/shared/http/client";

type Regrading = { questionId?: number; outcome: DecisionOutcome | ""; choiceId: string; voidAwards?: VoidAwards | null };

const runOf = (values: Regrading) => `${values.outcome}/${values.choiceId}/${values.voidAwards ?? ""}`;

export function useDecisionDryRun(testId: number) {
  const [dry, setDry] = useState<{ run: string; report: RegradeReport } | null>(null);
  return {
    /** The dry run of these values, if it was made for them. */
    reportFor: (values: Regrading) => (dry && dry.run === runOf(values) ? dry.report : null),
    /** Runs the regrade these values would make, without applying it. */
    async preview(values: Regrading & { questionId: number }) {
      const report = await api<RegradeReport>(`/admin/tests/${testId}/regrade`, {
        method: "POST",
        body: {
          questionId: values.questionId,
          action: values.outcome,
          correctChoiceId: values.outcome === "void" ? undefined : Number(values.choiceId),
          voidAwards: values.outcome === "void" ? values.voidAwards : undefined,
          dryRun: true,
        },
      });
      setDry({ run: runOf(values), report });
    },
    clear: () => setDry(null),
  };
}
