// Toasts (sonner), loaded with the first toast rather than with every page (the cheap phone's
// JavaScript budget). `toast` takes the same calls as sonner's; `Toasts` mounts sonner's Toaster
// once its code is here. A toast made before then is kept by sonner and shown when it mounts.
"use client";

import { useEffect, useState } from "react";
import { loadOnce } from "./load-once";

type Sonner = typeof import("sonner");
type Options = Parameters<Sonner["toast"]["success"]>[1];

let mountToaster: (() => void) | null = null;
let wanted = false;

/** Starts loading the toasts' code (where a toast may have to appear without network). */
export const preloadToasts = loadOnce((): Promise<Sonner> => import("sonner"));

function show(kind: "success" | "error" | "info" | "warning", message: string, options?: Options): void {
  wanted = true;
  mountToaster?.();
  preloadToasts().then(
    ({ toast }) => toast[kind](message, options),
    () => {}, // no network for the code: this toast is lost (the forms and the attempt page load it beforehand)
  );
}

export const toast = {
  success: (message: string, options?: Options) => show("success", message, options),
  error: (message: string, options?: Options) => show("error", message, options),
  info: (message: string, options?: Options) => show("info", message, options),
  warning: (message: string, options?: Options) => show("warning", message, options),
};

export function Toasts() {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    mountToaster = () => {
      preloadToasts().then(
        (sonner) => setToaster(() => sonner.Toaster),
        () => {},
      );
    };
    if (wanted) mountToaster();
    return () => {
      mountToaster = null;
    };
  }, []);
  return Toaster ? <Toaster position="top-right" duration={5000} theme="light" richColors closeButton /> : null;
}
