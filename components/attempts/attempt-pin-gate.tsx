// A running attempt on a device that kept no PIN (another browser, storage cleared): the PIN is
// asked for before anything else, and kept once the server accepts it. The dialog's code loads
// only then: most pupils start on the device that keeps the PIN, and the page is on the cheap
// phone's JavaScript budget (bench:js).
"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { api } from "@/shared/http/client";
import { PIN_STORAGE_KEY } from "./pin-storage";

const PinDialog = lazy(() => import("./pin-dialog").then((m) => ({ default: m.PinDialog })));

export function AttemptPinGate({ running }: { running: boolean }) {
  const texts = useMessages().attempt;
  const [pinNeeded, setPinNeeded] = useState(false);
  useEffect(() => {
    if (running && !localStorage.getItem(PIN_STORAGE_KEY)) setPinNeeded(true);
  }, [running]);
  if (!pinNeeded) return null;
  return (
    <Suspense>
      <PinDialog
        open
        title={texts.pinMessage}
        confirmLabel={texts.pinConfirm}
        wrongMessage={texts.pinWrong}
        onSubmit={async (pinCode) => {
          await api("/TestAttempts/CheckPinCode", { method: "POST", body: { pinCode } });
          localStorage.setItem(PIN_STORAGE_KEY, pinCode);
          setPinNeeded(false);
        }}
      />
    </Suspense>
  );
}
