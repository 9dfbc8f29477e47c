// What the organiser may do to a pupil on the day, each with a reason that the audit log keeps:
// block or unblock, a new password (shown once), lift a sign-in lock, correct the name (the
// certificate's), extra minutes, end or reset the attempt; and, for the family, all the data kept
// about the child as a file, or its erasure.
"use client";

import { ReasonAction } from "@/components/console/reason-action";
import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { buttonClass } from "@/components/ui/button-style";
import { CopyButton } from "@/components/ui/copy-button";
import type { PupilDetail } from "@/lib/pupils/pupils";
import { api } from "@/shared/http/client";

export function PupilActions({ pupil }: { pupil: PupilDetail }) {
  const texts = useOrganiserMessages().pupils;
  const base = `/admin/pupils/${pupil.userId}`;
  const attempt = pupil.attempt;
  if (pupil.erased) return <p className="text-sm text-slate-600">{texts.erased}</p>;
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonAction
        testId={pupil.blocked ? "unblock" : "block"}
        label={pupil.blocked ? texts.unblock : texts.block}
        variant={pupil.blocked ? "secondary" : "danger"}
        done={pupil.blocked ? texts.unblockDone : texts.blockDone}
        run={async ({ reason }) => {
          await api(`${base}/blocked`, { method: "PUT", body: { blocked: !pupil.blocked, reason } });
          return undefined;
        }}
      />
      {pupil.username && (
        <ReasonAction
          testId="reset-password"
          label={texts.resetPassword}
          hint={texts.resetPasswordHint}
          done={texts.resetPassword}
          run={async ({ reason }) => {
            const { password } = await api<{ password: string }>(`${base}/password`, { method: "POST", body: { reason } });
            return (
              <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="text-sm text-slate-600">{texts.newPassword}</p>
                <p className="my-1 font-mono text-xl font-bold tracking-wider" data-testid="new-password">
                  {password}
                </p>
                <CopyButton value={password} label={texts.newPassword} testId="copy-new-password" />
              </div>
            );
          }}
        />
      )}
      {pupil.username && (
        <ReasonAction
          testId="unlock"
          label={texts.unlock}
          hint={texts.unlockHint}
          done={texts.unlockDone}
          run={async ({ reason }) => {
            await api(`${base}/unlock`, { method: "POST", body: { reason } });
            return undefined;
          }}
        />
      )}
      <ReasonAction
        testId="rename"
        label={texts.rename}
        hint={texts.renameHint}
        withNames={pupil.names}
        done={texts.renameDone}
        run={async ({ reason, firstName, lastName, middleName }) => {
          await api(`${base}/name`, { method: "PUT", body: { firstName, lastName, middleName, reason } });
          return undefined;
        }}
      />
      <ExtraMinutes pupil={pupil} />
      {attempt?.state === "running" && (
        <ReasonAction
          testId="end-attempt"
          label={texts.endAttempt}
          hint={texts.endAttemptHint}
          variant="danger"
          done={texts.endAttemptDone}
          run={async ({ reason }) => {
            await api(`/admin/attempts/${attempt.attemptId}/end`, { method: "POST", body: { reason } });
            return undefined;
          }}
        />
      )}
      <a href={`/api${base}/export`} download className={buttonClass("secondary")} data-testid="export-data">
        {texts.exportData}
      </a>
      <ReasonAction
        testId="erase"
        label={texts.erase}
        hint={texts.eraseHint}
        variant="danger"
        withConfirmName={{ name: pupil.username ?? `#${pupil.userId}`, label: texts.eraseConfirm }}
        done={texts.eraseDone}
        run={async ({ reason, confirmName }) => {
          await api(`${base}/erase`, { method: "POST", body: { reason, confirmUsername: confirmName } });
          return undefined;
        }}
      />
      {attempt && attempt.state !== "reset" && (
        <ReasonAction
          testId="reset-attempt"
          label={texts.resetAttempt}
          hint={texts.resetAttemptHint}
          variant="danger"
          done={texts.resetAttemptDone}
          run={async ({ reason }) => {
            await api(`/admin/attempts/${attempt.attemptId}/reset`, { method: "POST", body: { reason } });
            return undefined;
          }}
        />
      )}
    </div>
  );
}

/**
 * The pupil's extra minutes; with `accommodation`, the same minutes approve the registration's
 * accommodation request (dated, audited as such).
 */
function ExtraMinutes({ pupil, accommodation = false }: { pupil: PupilDetail; accommodation?: boolean }) {
  const texts = useOrganiserMessages().pupils;
  return (
    <ReasonAction
      testId={accommodation ? "approve-accommodation" : "extra-minutes"}
      label={accommodation ? texts.approveAccommodation : texts.setExtraMinutes}
      hint={accommodation ? texts.approveAccommodationHint : texts.extraMinutesHint}
      withMinutes={pupil.extraMinutes}
      done={accommodation ? texts.approveAccommodationDone : texts.extraMinutesDone}
      run={async ({ reason, minutes }) => {
        await api(`/admin/pupils/${pupil.userId}/extra-minutes`, { method: "PUT", body: { minutes, reason, accommodation } });
        return undefined;
      }}
    />
  );
}

/** Approves the registration's accommodation request as extra minutes for the pupil's tests, audited. */
export function AccommodationAction({ pupil }: { pupil: PupilDetail }) {
  if (pupil.erased || !pupil.accommodation) return null;
  return <ExtraMinutes pupil={pupil} accommodation />;
}
