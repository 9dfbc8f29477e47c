// A failed call as the pages show it: a toast at the top centre, five seconds, one per message.
"use client";

import { ApiError } from "@/shared/http/client";
import { messagesNow } from "@/shared/i18n/said";
import { toast } from "./toast";

export function showError(error: unknown): void {
  const message = error instanceof ApiError ? error.message : messagesNow().http.default;
  toast.error(message, { id: message, position: "top-center", duration: 5000 });
}
