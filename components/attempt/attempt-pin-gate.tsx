// A running attempt on a device that kept no PIN (another browser, storage cleared): the PIN is
// asked for before anything else, and kept once the server accepts it.
"use client";

import { useEffect, useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { api } from "@/shared/http/client";
import { PIN_STORAGE_KEY, PinDialog } from "./pin-dialog";

export function AttemptPinGate({ running }: { running: boolean }) {
  const texts = useMessages().attempt;
  const [pinNeeded, setPinNeeded] = useState(false);
  useEffect(() => {
    if (running && !localStorage.getItem(PIN_STORAGE_KEY)) setPinNeeded(true);
  }, [running]);
  return (
    <PinDialog
      open={pinNeeded}
      title={texts.pinMessage}
      confirmLabel={texts.pinConfirm}
      wrongMessage={texts.pinWrong}
      onSubmit={async (pinCode) => {
        await api("/TestAttempts/CheckPinCode", { method: "POST", body: { pinCode } });
        localStorage.setItem(PIN_STORAGE_KEY, pinCode);
        setPinNeeded(false);
      }}
    />
  );
}
