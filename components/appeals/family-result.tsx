// The pupil's result on the family's page (the registration link): the score out of the maximum,
// the day of the test, a voided result said plainly, what followed (the list's state, the second
// stage, the score's moves, the appeals' decisions) and the certificate's public address.
"use client";

import { useMessages } from "@/components/i18n/messages";
import { ScoreFigure } from "@/components/results/score-figure";
import { CopyButton } from "@/components/ui/copy-button";
import type { FamilyResult } from "@/lib/appeals/family-result";
import type { AppealsView } from "@/shared/appeals/schema";
import { tashkentDate } from "@/shared/time";
import { AppealsSummary } from "./appeals-summary";

export function FamilyResultView({ family, appeals }: { family: FamilyResult; appeals: AppealsView | null }) {
  const messages = useMessages();
  const texts = messages.appeals;
  const { result } = family;
  return (
    <div className="flex flex-col gap-3" data-testid="family-result">
      <dl className="grid gap-3 sm:grid-cols-2">
        <ScoreFigure result={result} testId="family-score" />
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{texts.familyTestedOn}</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900">{tashkentDate(family.endedAt)}</dd>
        </div>
      </dl>
      {result.voided && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="family-voided">
          {texts.familyVoided}
        </p>
      )}
      {appeals && <AppealsSummary view={appeals} audience="family" />}
      {family.certificateUrl && (
        <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="family-certificate">
          <p className="text-sm text-slate-700">{texts.familyCertificate}</p>
          <a className="break-all font-medium text-primary-700 underline" href={family.certificateUrl}>
            {family.certificateUrl}
          </a>
          <CopyButton
            value={family.certificateUrl}
            label={messages.certificate.copyLink}
            text={messages.certificate.copyLink}
            testId="family-copy-link"
          />
        </div>
      )}
    </div>
  );
}
