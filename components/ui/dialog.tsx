// The one modal of the app. Its code (Radix Dialog, components/ui/dialog-modal.tsx) is loaded when
// a dialog is first opened, or when `preloadDialog` says one is near, never with the page (the
// cheap phone's JavaScript budget). Until it has arrived the page is dimmed at once, so the tap
// is visibly taken, and a dismissable one can be dismissed already; should the code fail to arrive
// (no network), the dialog closes so that the next tap tries again, or, when it cannot be
// dismissed, it tries again by itself every few seconds; a code replaced by a deploy reloads.
"use client";

import { type ComponentType, useEffect, useRef, useState } from "react";
import { reloadOnChunkError } from "./chunk-reload";
import { type DialogProps, OVERLAY } from "./dialog-parts";
import { loadOnce } from "./load-once";

type Modal = ComponentType<DialogProps>;
let loaded: Modal | null = null;

/** Starts loading the dialog's code; resolves with it (and tries again after a failure). */
export const preloadDialog = loadOnce(() => import("./dialog-modal").then((module): Modal => (loaded = module.DialogModal)));

export function Dialog(props: DialogProps) {
  const [Modal, setModal] = useState<Modal | null>(() => loaded);
  const [tries, setTries] = useState(0);
  const dismiss = useRef(props.onDismiss);
  dismiss.current = props.onDismiss;
  const wanted = props.open && Modal === null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` is the retry
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    preloadDialog().then(
      (modal) => live && setModal(() => modal),
      (error: unknown) => {
        if (!live) return;
        // Online, the code is gone (a deploy replaced it): the page reloads once to get the new.
        if (navigator.onLine && reloadOnChunkError(`${(error as Error)?.name} ${(error as Error)?.message}`)) return;
        if (dismiss.current) dismiss.current();
        else retry = setTimeout(() => setTries((n) => n + 1), 3000);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [wanted, tries]);

  if (Modal) return <Modal {...props} />;
  if (!props.open) return null;
  // Dismissable as the dialog will be, while its code is on its way (a tap on the dimmed page).
  return <div className={OVERLAY} aria-busy="true" onPointerDown={props.onDismiss} />;
}
