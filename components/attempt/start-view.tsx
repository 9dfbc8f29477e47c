// The start page below its header: the result of an ended attempt (ResultCard), "Testni boshlash" with the
// PIN, or the countdown to the opening.
"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Result } from "@/components/ui/result";
import type { AttemptResult } from "@/lib/attempts/ending";
import type { AllowTestAttempt, IsThereAttempt } from "@/lib/attempts/start";
import { ApiError, api } from "@/lib/http/client";
import { ErrorCode } from "@/lib/http/errors";
import { uz } from "@/lib/i18n/uz";
import { Countdown } from "./countdown";
import { PIN_STORAGE_KEY, PinDialog } from "./pin-dialog";
import { attemptKeys, useAllowTestAttempt, useAttemptResult, useIsThereAttempt } from "./queries";
import { ResultCard } from "./result-card";

const t = uz.testAttempt;

type Props = { status: IsThereAttempt; allow: AllowTestAttempt; result: AttemptResult | null; paid: boolean };

export function StartView({ status: initialStatus, allow: initialAllow, result: initialResult, paid }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: status = initialStatus } = useIsThereAttempt(initialStatus);
  const ended = status.isThereAttempt && status.isEnded ? status.attemptId : null;
  const { data: result } = useAttemptResult(ended, initialResult ?? undefined);
  const { data: allow = initialAllow, refetch: refetchAllow } = useAllowTestAttempt(initialAllow);
  const [pinOpen, setPinOpen] = useState(false);

  if (ended !== null && result) return <ResultCard attemptId={ended} result={result} />;

  async function start(pinCode: string) {
    try {
      const { attemptId } = await api<{ attemptId: number }>("/TestAttempts/New", {
        method: "POST",
        body: { language: 0, pinCode },
      });
      localStorage.setItem(PIN_STORAGE_KEY, pinCode);
      await queryClient.invalidateQueries({ queryKey: attemptKeys.isThere });
      router.push(`/test-attempt/${attemptId}`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === ErrorCode.WrongPinCode) throw error;
      setPinOpen(false);
      if (error.code === ErrorCode.QuestionsNotEnough) toast.error(error.message, { id: error.message, position: "top-center" });
      else if (error.code === ErrorCode.ThereIsNotEndedAttempt) router.refresh();
      else toast.error(error.message, { id: error.message, position: "top-center" });
      await queryClient.invalidateQueries({ queryKey: ["attempt"] });
    }
  }

  let body: ReactNode;
  if (!paid) body = <Result status="info" title={t.notPaid} />;
  else if (allow.isAllowed) {
    body = (
      <div className="flex flex-col items-center gap-3 py-6">
        <Button className="w-full max-w-xs text-base" onClick={() => setPinOpen(true)}>
          {t.start}
        </Button>
      </div>
    );
  } else if (!allow.openedAt || !allow.closedAt) body = <Result status="info" title={t.noTest} />;
  else if (new Date(allow.serverTime) >= new Date(allow.closedAt)) body = <Result status="info" title={t.closed} />;
  else {
    body = <Countdown openedAt={allow.openedAt} serverTime={allow.serverTime} onZero={() => void refetchAllow()} />;
  }

  return (
    <Card as="section">
      {body}
      <PinDialog open={pinOpen} title={t.pinTitle} confirmLabel={t.pinConfirm} onSubmit={start} onCancel={() => setPinOpen(false)} />
    </Card>
  );
}
